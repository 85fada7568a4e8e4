// Only zod-free modules: every staff form's field frame loads this (decision 0410).
import { AUTH_VALIDATION } from '../domain/auth';
import { PASSWORD_MESSAGES } from '../domain/passwords';
import { PROFILE_LIMITS, PROFILE_MESSAGES } from '../domain/profile-messages';
import { MIN_ADMIN_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../domain/constants';
import { REPORT_MESSAGES } from '../domain/report-messages';
import type { StaffLanguage } from '../domain/staff-language';
import type { Translation } from './staff-catalogue';

/**
 * The field messages of the shared schemas staff forms validate with (sign-in, passwords,
 * profile, the tip record's range). The schemas keep their German words, which the server answers
 * too; a staff screen in another language says the message from here (decision 0383).
 */
const de = {
  auth: AUTH_VALIDATION,
  passwords: PASSWORD_MESSAGES,
  profile: PROFILE_MESSAGES,
  range: REPORT_MESSAGES,
} as const;

const en: Translation<typeof de> = {
  auth: {
    fillAllFields: 'Please fill in all fields.',
    invalidEmail: 'Please enter a valid e-mail address.',
    passwordTooShort: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    magicLinkInvalidEmail: 'Invalid email address',
  },
  passwords: {
    tooCommon: 'This password is too common and easy to guess. Please choose another one.',
    demoPassword:
      'This password is publicly known as the password of the demo logins. Please choose another one.',
    productName:
      'This password contains the name “Trinkgeld” and is easy to guess. Please choose another one.',
    businessName:
      'This password contains the name of your business and is easy to guess. Please choose another one.',
    emailAddress:
      'This password contains your e-mail address or the part before the @ and is easy to guess. Please choose another one.',
    adminTooShort: `A platform administrator's password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long.`,
    mismatch: 'The passwords do not match.',
    repeatRequired: 'Please repeat the new password.',
    currentRequired: 'Please enter your current password.',
    linkIncomplete: 'The link is incomplete. Please open it again from the e-mail.',
  },
  profile: {
    fullNameRequired: 'Please enter your full name.',
    fullNameTooLong: `The name may be at most ${PROFILE_LIMITS.fullName} characters long.`,
    jobTitleTooLong: `The position may be at most ${PROFILE_LIMITS.jobTitle} characters long.`,
    thankYouTooLong: `The thank-you message may be at most ${PROFILE_LIMITS.thankYouMessage} characters long.`,
    invalidImageUrl: 'The profile picture is invalid. Please upload it again.',
    invalidRole: 'Invalid role specified',
    invalidStaffLanguage: 'This language does not exist. Please choose German or English.',
  },
  range: {
    from: 'From: please enter a date as YYYY-MM-DD.',
    to: 'To: please enter a date as YYYY-MM-DD.',
    reversed: 'Period: the end date is before the start date.',
    tooLong: 'Period: please choose at most three years.',
  },
};

export const STAFF_FIELD_MESSAGES: Record<StaffLanguage, Translation<typeof de>> = { de, en };

/** German message -> the same message in each language, found by the key both catalogues share. */
const byGerman = new Map<string, Record<StaffLanguage, string>>();
for (const [group, messages] of Object.entries(de)) {
  for (const [key, german] of Object.entries(messages)) {
    const say = (language: StaffLanguage) =>
      (STAFF_FIELD_MESSAGES[language] as Record<string, Record<string, string>>)[group]![key]!;
    byGerman.set(german, { de: german, en: say('en') });
  }
}

/** A field message of a shared schema in the staff language; any other message stays as it is. */
export function fieldMessageIn(language: StaffLanguage, message: string): string {
  return byGerman.get(message)?.[language] ?? message;
}
