/** The login page's way to the sign-up. */
export const signupLinkTexts = {
  question: 'Noch kein Konto?',
  link: 'Jetzt registrieren',
  staffHint: 'Mitarbeitende erhalten ihren Zugang per Einladung ihres Betriebs.',
} as const;
