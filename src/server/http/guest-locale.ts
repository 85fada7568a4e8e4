import type { FastifyRequest } from 'fastify';
import {
  acceptLanguageTags,
  GUEST_LANGUAGE_COOKIE,
  type GuestLocale,
  isGuestLocale,
  pickGuestLocale,
} from '../../shared/i18n/guest-locale';

/**
 * The language of a page the server renders for a guest, in the order the browser app chooses
 * (decision 0162): asked for (`?lang=`, a form's `lang`), the guest's remembered choice (cookie),
 * the browser's languages, the business's branding language, German. Unknown codes are skipped.
 */
export function guestLocaleOf(
  request: Pick<FastifyRequest, 'headers' | 'cookies'>,
  options: { asked?: string | undefined; business?: GuestLocale | undefined } = {},
): GuestLocale {
  const asked = options.asked?.toLowerCase();
  if (isGuestLocale(asked)) return asked;
  const remembered = request.cookies?.[GUEST_LANGUAGE_COOKIE];
  if (isGuestLocale(remembered)) return remembered;
  return (
    pickGuestLocale(acceptLanguageTags(request.headers['accept-language'])) ??
    options.business ??
    'de'
  );
}
