import type { GuestAlternative } from '../api/entrypoints';

/**
 * The error catalogue: a stable code, the HTTP status the server answers with, and the German
 * title and message from the spec that the browser shows as they are. Generic errors live here;
 * each feature defines its own with `defineErrors` in `src/shared/api/<feature>.ts`.
 */
export interface ErrorDefinition {
  code: string;
  status: number;
  title: string;
  message: string;
}

// Pure, so a bundle drops every table nobody reads: the browser imports this module for the helper
// (through a feature's error table) and would otherwise carry ERRORS below, about 0.8 KB brotli.
/*#__NO_SIDE_EFFECTS__*/
export function defineErrors<const T extends Record<string, Omit<ErrorDefinition, 'code'>>>(
  definitions: T,
): { [K in keyof T & string]: T[K] & { code: K } } {
  const result: Record<string, ErrorDefinition> = {};
  for (const [code, definition] of Object.entries(definitions)) {
    result[code] = { code, ...definition };
  }
  return result as { [K in keyof T & string]: T[K] & { code: K } };
}

export const ERRORS = defineErrors({
  // Generic
  validation_failed: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Die Eingabe ist ungültig. Bitte überprüfen Sie Ihre Angaben.',
  },
  invalid_json: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Die Anfrage enthält kein gültiges JSON.',
  },
  invalid_characters: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Die Anfrage enthält unzulässige Steuerzeichen (z. B. ein Nullzeichen).',
  },
  invalid_url: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Die Adresse ist ungültig.',
  },
  bad_request: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Die Anfrage ist fehlerhaft aufgebaut und konnte nicht gelesen werden.',
  },
  headers_too_large: {
    status: 431,
    title: 'Eingabefehler',
    message: 'Die Kopfzeilen der Anfrage sind zu groß.',
  },
  request_timeout: {
    status: 408,
    title: 'Zeitüberschreitung',
    message: 'Die Anfrage kam nicht rechtzeitig vollständig an.',
  },
  url_too_long: {
    status: 414,
    title: 'Eingabefehler',
    message: 'Die Adresse ist zu lang.',
  },
  payload_too_large: {
    status: 413,
    title: 'Eingabefehler',
    message: 'Die Anfrage ist zu groß.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Eingabefehler',
    message: 'Dieses Datenformat wird nicht unterstützt.',
  },
  not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Die angeforderte Ressource wurde nicht gefunden.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Nicht erlaubt',
    message: 'Diese Methode ist hier nicht erlaubt.',
  },
  unauthenticated: {
    status: 401,
    title: 'Nicht authentifiziert',
    message: 'Sie müssen angemeldet sein.',
  },
  forbidden: {
    status: 403,
    title: 'Zugriff verweigert',
    message: 'Sie haben keine Berechtigung für diesen Bereich.',
  },
  csrf_rejected: {
    status: 403,
    title: 'Zugriff verweigert',
    message: 'Die Anfrage kam nicht von dieser Anwendung und wurde abgelehnt.',
  },
  conflict: {
    status: 409,
    title: 'Konflikt',
    message: 'Die Daten wurden inzwischen geändert. Bitte laden Sie neu.',
  },
  rate_limited: {
    status: 429,
    title: 'Zu viele Anfragen',
    message: 'Bitte warten Sie 1 Minute(n) und versuchen Sie es erneut.',
  },
  service_unavailable: {
    status: 503,
    title: 'Service nicht verfügbar',
    message: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es später erneut.',
  },
  internal: {
    status: 500,
    title: 'Systemfehler',
    message: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
  },
});

/** The body of every error response. */
export interface ApiErrorBody {
  error: {
    code: string;
    title: string;
    message: string;
    /** Field-level problems for validation errors: path like "body.email". */
    details?: { path: string; message: string }[];
    /** Seconds until a rate-limited action may be tried again. */
    retryAfter?: number;
    /** Tip pages offered instead of a deactivated person's (recipient_deactivated). */
    alternatives?: GuestAlternative[];
  };
}
