import type { GuestCatalogue } from '../../../shared/i18n/guest-catalogue';
import { guestCatalogue as de } from '../../../shared/i18n/guest-de';
import { guestCatalogue as en } from '../../../shared/i18n/guest-en';
import { guestCatalogue as es } from '../../../shared/i18n/guest-es';
import { guestCatalogue as fr } from '../../../shared/i18n/guest-fr';
import { guestCatalogue as it } from '../../../shared/i18n/guest-it';
import type { GuestLocale } from '../../../shared/i18n/guest-locale';

/** Every guest catalogue: the server renders guest pages in any of the five languages. */
export const GUEST_CATALOGUES: Record<GuestLocale, GuestCatalogue> = { de, en, fr, es, it };
