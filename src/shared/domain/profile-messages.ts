/**
 * A profile's limits and field messages without schemas (decision 0410): the staff catalogue says
 * them in every language without loading the validation library.
 */
export const PROFILE_LIMITS = {
  fullName: 120,
  jobTitle: 120,
  thankYouMessage: 500,
} as const;

export const PROFILE_MESSAGES = {
  fullNameRequired: 'Bitte geben Sie Ihren vollständigen Namen ein.',
  fullNameTooLong: `Der Name darf höchstens ${PROFILE_LIMITS.fullName} Zeichen lang sein.`,
  jobTitleTooLong: `Die Position darf höchstens ${PROFILE_LIMITS.jobTitle} Zeichen lang sein.`,
  thankYouTooLong: `Die Dankesnachricht darf höchstens ${PROFILE_LIMITS.thankYouMessage} Zeichen lang sein.`,
  invalidImageUrl: 'Das Profilbild ist ungültig. Bitte laden Sie es erneut hoch.',
  invalidRole: 'Invalid role specified',
  invalidStaffLanguage: 'Diese Sprache gibt es nicht. Bitte wählen Sie Deutsch oder Englisch.',
} as const;
