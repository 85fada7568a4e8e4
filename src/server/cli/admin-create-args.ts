import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AUTH_VALIDATION, EMAIL_PATTERN } from '../../shared/api/auth';
import { PROFILE_LIMITS, PROFILE_MESSAGES } from '../../shared/api/profiles';

export const ADMIN_CREATE_USAGE =
  'Aufruf: npm run admin:create -- --email <E-Mail-Adresse> [--name "<Vor- und Nachname>"]';

/** The same address rules as the sign-in form (spec §5): trimmed, lower-cased, a simple pattern. */
export const commandEmailSchema = z
  .string({ error: 'Die Option --email fehlt.' })
  .trim()
  .toLowerCase()
  .min(1, 'Die Option --email fehlt.')
  .max(254, AUTH_VALIDATION.invalidEmail)
  .regex(EMAIL_PATTERN, AUTH_VALIDATION.invalidEmail);

const inputSchema = z.object({
  email: commandEmailSchema,
  fullName: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.fullName, PROFILE_MESSAGES.fullNameTooLong)
    .optional()
    .transform((name) => (name ? name : null)),
});

export type AdminCreateArgs =
  | { ok: true; email: string; fullName: string | null }
  | { ok: false; problem: string }
  | { ok: 'help' };

/** `--email <address> [--name "<full name>"]`; anything else is a usage error in German. */
export function parseAdminCreateArgs(argv: readonly string[]): AdminCreateArgs {
  let values: { email?: string | undefined; name?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, problem: `Unbekannte oder unvollständige Angabe (${detail}).` };
  }
  if (values.help) return { ok: 'help' };
  const parsed = inputSchema.safeParse({ email: values.email, fullName: values.name });
  if (!parsed.success) {
    return { ok: false, problem: parsed.error.issues[0]?.message ?? ADMIN_CREATE_USAGE };
  }
  return { ok: true, email: parsed.data.email, fullName: parsed.data.fullName };
}
