/** 'Konto und Sicherheit' (/employee/account): the person's own sign-in settings. */
export const accountTexts = {
  title: 'Konto und Sicherheit',
  intro: 'Hier legen Sie fest, wie Sie sich bei Trinkgeld anmelden.',
  back: 'Zurück',
  link: 'Konto und Sicherheit',
} as const;
