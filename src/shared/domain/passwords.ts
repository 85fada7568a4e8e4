import { MIN_ADMIN_PASSWORD_LENGTH } from './constants';

/**
 * Password words and paths without schemas (decision 0410): the staff catalogue and the login
 * page say them without loading the validation library; `shared/api/passwords.ts` re-exports them.
 */
export const PASSWORD_MESSAGES = {
  tooCommon:
    'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
  demoPassword:
    'Dieses Passwort ist als Passwort der Demo-Zugänge öffentlich bekannt. Bitte wählen Sie ein anderes.',
  productName:
    'Dieses Passwort enthält den Namen „Trinkgeld“ und ist leicht zu erraten. Bitte wählen Sie ein anderes.',
  businessName:
    'Dieses Passwort enthält den Namen Ihres Betriebs und ist leicht zu erraten. Bitte wählen Sie ein anderes.',
  emailAddress:
    'Dieses Passwort enthält Ihre E-Mail-Adresse oder deren Teil vor dem @ und ist leicht zu erraten. Bitte wählen Sie ein anderes.',
  adminTooShort: `Das Passwort eines Plattform-Administrators muss mindestens ${MIN_ADMIN_PASSWORD_LENGTH} Zeichen lang sein.`,
  mismatch: 'Die Passwörter stimmen nicht überein.',
  repeatRequired: 'Bitte wiederholen Sie das neue Passwort.',
  currentRequired: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
  linkIncomplete: 'Der Link ist unvollständig. Bitte öffnen Sie ihn erneut aus der E-Mail.',
} as const;

/**
 * The demo seed's password, published in the README and the handover page: the seed writes its
 * hash for the demo logins, and no form accepts it as a newly chosen password.
 */
export const DEMO_PASSWORD = 'demo1234';
/** The product's name, which no password may contain (NIST SP 800-63B context-specific words). */
export const PRODUCT_NAME = 'Trinkgeld';

/** Where a set-password link lands: `{origin}/employee/password?token=…` (decision 0312). */
export const SET_PASSWORD_PATH = '/employee/password';
export const SET_PASSWORD_TOKEN_PARAM = 'token';
/** The 'Passwort vergessen?' form. */
export const FORGOT_PASSWORD_PATH = '/employee/password-reset';

/** A set-password link: valid 24 hours when `npm run admin:create` prints it for the first admin. */
export const FIRST_ADMIN_LINK_TTL_MS = 24 * 60 * 60_000;
/** A link from 'Passwort vergessen?': valid one hour. */
export const PASSWORD_RESET_LINK_TTL_MS = 60 * 60_000;
