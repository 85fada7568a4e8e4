/**
 * What the browser says when no answer arrived at all (no server error, so no error code). A file
 * of its own, so the guest bundle takes these words without the error catalogue.
 */
export const NETWORK_ERROR = {
  title: 'Verbindungsproblem',
  message: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung.',
} as const;
