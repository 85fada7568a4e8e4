/** The links our mails carry, each with the token a test follows it with. */
const LINKS = {
  /** A magic sign-in link (also an invitation's). */
  'magic-link': /\/employee\/login\?magic_token=([A-Za-z0-9_-]{43})/,
  /** A link to set a new password (reset or first password). */
  password: /\/employee\/password\?token=([A-Za-z0-9_-]{43})/,
  /** The confirmation link of a sign-up. */
  signup: /\/registrieren\/bestaetigen\?token=([A-Za-z0-9_-]{43})/,
} as const;

export type MailLink = keyof typeof LINKS;

/** The token of the first `link` in `mail`, or null if it has none. */
export function findToken(mail: string, link: MailLink = 'magic-link'): string | null {
  return LINKS[link].exec(mail)?.[1] ?? null;
}

/** The token of the first `link` in `mail`; fails naming the mail if it has none. */
export function tokenIn(mail: string, link: MailLink = 'magic-link'): string {
  const token = findToken(mail, link);
  if (!token) throw new Error(`no ${link} link in:\n${mail}`);
  return token;
}
