import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  newPasswordSchema,
  PASSWORD_ERRORS,
  PASSWORD_MESSAGES,
} from '../../../shared/api/passwords';
import { MIN_ADMIN_PASSWORD_LENGTH } from '../../../shared/domain/constants';
import { ERRORS, type ErrorDefinition } from '../../../shared/domain/errors';
import { DEMO_PASSWORD, PRODUCT_NAME } from '../../../shared/domain/passwords';
import { AppError } from '../../http/errors';
import { projectRoot } from '../../lib/project-root';

/** Shipped with the product (decision 0311); read from the sources, also by the server bundle. */
export const COMMON_PASSWORDS_FILE = path.join(
  projectRoot(),
  'src/server/features/auth/common-passwords.txt',
);

let commonPasswords: ReadonlySet<string> | undefined;

/** The list, lower-cased, read once per process on first use. */
export function commonPasswordList(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswordList().has(password.normalize('NFKC').toLowerCase());
}

/** Who chooses the password: the words tied to them that it must not contain. */
export interface PasswordRuleContext {
  /** The account's address; the whole address and its local part are refused. */
  email?: string | null;
  /** The business the account belongs to (or is being created for). */
  businessName?: string | null;
  /** A platform admin's password needs MIN_ADMIN_PASSWORD_LENGTH characters. */
  platformAdmin?: boolean;
}

export interface PasswordRuleOptions {
  /** The request field the password came in, so a form shows the message at that field. */
  field?: string;
  context?: PasswordRuleContext;
}

/** A context word shorter than this is not looked for inside a password (too many false hits). */
const MIN_CONTEXT_WORD_LENGTH = 4;

/** Lower-cased letters and digits only: 'Hotel Sonnen-Hang' and 'hotelsonnenhang' are one word. */
function compact(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The German message for a password made of words tied to the product or the person (NIST SP
 * 800-63B's context-specific words), or null: the published demo password, the product's name,
 * the e-mail address or its local part, the business's name. Each is refused anywhere inside the
 * password, ignoring case, spaces and punctuation.
 */
export function contextWordProblem(
  password: string,
  context: PasswordRuleContext = {},
): string | null {
  const typed = compact(password);
  const contains = (word: string | null | undefined) => {
    const needle = compact(word ?? '');
    return needle.length >= MIN_CONTEXT_WORD_LENGTH && typed.includes(needle);
  };
  if (contains(DEMO_PASSWORD)) return PASSWORD_MESSAGES.demoPassword;
  if (contains(PRODUCT_NAME)) return PASSWORD_MESSAGES.productName;
  const email = context.email?.trim();
  if (email && (contains(email) || contains(email.split('@')[0]))) {
    return PASSWORD_MESSAGES.emailAddress;
  }
  if (contains(context.businessName)) return PASSWORD_MESSAGES.businessName;
  return null;
}

/**
 * The server's rules for a newly chosen password: the shared schema's length (spec: at least 6
 * characters; a platform admin's at least 12), not one of the common passwords (compared
 * case-insensitively) and none of the context words above. Every place that stores a chosen
 * password calls this before hashing. A refusal is a 400 whose `details` name the field
 * (`body.<field>`, default `password`).
 */
export function assertNewPasswordAllowed(
  password: string,
  options: PasswordRuleOptions = {},
): void {
  const path = `body.${options.field ?? 'password'}`;
  const refuse = (error: ErrorDefinition, message: string): never => {
    throw new AppError(error, { message, details: [{ path, message }] });
  };
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) {
    refuse(
      ERRORS.validation_failed,
      parsed.error.issues[0]?.message ?? ERRORS.validation_failed.message,
    );
  }
  if (options.context?.platformAdmin && password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    refuse(ERRORS.validation_failed, PASSWORD_MESSAGES.adminTooShort);
  }
  if (isCommonPassword(password)) {
    refuse(PASSWORD_ERRORS.password_too_common, PASSWORD_ERRORS.password_too_common.message);
  }
  const contextProblem = contextWordProblem(password, options.context);
  if (contextProblem) refuse(PASSWORD_ERRORS.password_context_word, contextProblem);
}
