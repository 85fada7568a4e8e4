import { readFileSync } from 'node:fs';
import path from 'node:path';
import { newPasswordSchema, PASSWORD_ERRORS } from '../../../shared/api/passwords';
import { ERRORS } from '../../../shared/domain/errors';
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

export interface PasswordRuleOptions {
  /** The request field the password came in, so a form shows the message at that field. */
  field?: string;
}

/**
 * The server's rules for a newly chosen password: the shared schema's length (spec: at least 6
 * characters) and not one of the common passwords, compared case-insensitively. Every place that
 * stores a chosen password calls this before hashing. A refusal is a 400 whose `details` name
 * the field (`body.<field>`, default `password`).
 */
export function assertNewPasswordAllowed(
  password: string,
  options: PasswordRuleOptions = {},
): void {
  const path = `body.${options.field ?? 'password'}`;
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? ERRORS.validation_failed.message;
    throw new AppError(ERRORS.validation_failed, { message, details: [{ path, message }] });
  }
  if (isCommonPassword(password)) {
    throw new AppError(PASSWORD_ERRORS.password_too_common, {
      details: [{ path, message: PASSWORD_ERRORS.password_too_common.message }],
    });
  }
}
