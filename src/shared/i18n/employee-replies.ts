/** German texts of the employee's reply to a guest. */
export const replyTexts = {
  answer: 'Antworten',
  label: 'Ihre Antwort an den Gast',
  hint: 'Der Gast sieht sie auf seiner Dankeseite. Sie können nur einmal antworten.',
  counter: (used: number, max: number) => `${used}/${max}`,
  send: 'Antwort senden',
  cancel: 'Abbrechen',
  answered: 'Antwort an den Gast',
  sentToast: 'Antwort gesendet',
  failedToast: 'Antwort nicht gesendet',
  failedDescription: 'Die Antwort konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
} as const;
