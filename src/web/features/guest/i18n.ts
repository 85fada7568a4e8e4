import { useSyncExternalStore } from 'react';
import { guestTexts } from '../../../shared/i18n/guest';
import { germanTones } from '../../../shared/i18n/guest-de-tones';
import { partInTonality, toneOverrides } from '../../../shared/i18n/guest-tonality';
import type { GuestCatalogue } from '../../../shared/i18n/guest-catalogue';
import {
  GUEST_LANGUAGE_COOKIE,
  type GuestLocale,
  INTL_LOCALES,
  isGuestLocale,
  pickGuestLocale,
} from '../../../shared/i18n/guest-locale';
import { useGuestBranding } from './brand-theme';
import { useGuestServerRender } from './server-render';

/**
 * The guest pages' language (decision 0162): the guest's own choice (remembered in this browser),
 * else the browser's language when the pages speak it, else the business's branding language,
 * else German. German ships with each page; another language's catalogue is fetched on demand,
 * and the pages switch once it has arrived.
 */
export interface GuestLanguage {
  locale: GuestLocale;
  /** The Intl locale for amounts and dates. */
  intl: string;
  /** The loaded catalogue; null for German, whose parts each bundle imports itself. */
  catalogue: GuestCatalogue | null;
}

const STORAGE_KEY = 'trinkgeld.guest-language';
const loaders: Record<
  Exclude<GuestLocale, 'de'>,
  () => Promise<{ guestCatalogue: GuestCatalogue }>
> = {
  en: () => import('../../../shared/i18n/guest-en'),
  fr: () => import('../../../shared/i18n/guest-fr'),
  es: () => import('../../../shared/i18n/guest-es'),
  it: () => import('../../../shared/i18n/guest-it'),
};

let current: GuestLanguage = { locale: 'de', intl: INTL_LOCALES.de, catalogue: null };
/**
 * The language the server rendered the page in. Hydration reads this one: a switch that lands
 * while a Suspense boundary still waits to hydrate must not make it render other words than the
 * HTML has (React error 418); React renders the switched language right after.
 */
let rendered: GuestLanguage = current;
let wanted: GuestLocale = 'de';
/** Whether the guest or the browser chose: then the business's language does not apply. */
let chosen = false;
const listeners = new Set<() => void>();

/** Another language's catalogue, fetched on demand. */
export async function loadGuestCatalogue(
  locale: Exclude<GuestLocale, 'de'>,
): Promise<GuestCatalogue> {
  return (await loaders[locale]()).guestCatalogue;
}

async function switchTo(locale: GuestLocale): Promise<void> {
  wanted = locale;
  let catalogue: GuestCatalogue | null = null;
  if (locale !== 'de') {
    try {
      catalogue = (await loaders[locale]()).guestCatalogue;
    } catch {
      return; // Offline: the page stays in the language it has.
    }
  }
  if (wanted !== locale) return;
  current = { locale, intl: INTL_LOCALES[locale], catalogue };
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** At start: the remembered choice, else the browser's language. */
export function startGuestLanguage(): void {
  const saved = stored();
  const locale = isGuestLocale(saved) ? saved : pickGuestLocale(navigator.languages ?? []);
  if (!locale) return;
  chosen = true;
  if (locale !== 'de') void switchTo(locale);
}

/** The language switch: applies and remembers the guest's choice. */
export function chooseGuestLanguage(locale: GuestLocale): void {
  chosen = true;
  // The server renders the next first view in this language too (guest-page feature).
  document.cookie = `${GUEST_LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice holds for this page only.
  }
  void switchTo(locale);
}

/** The business's branding language, for guests whose browser speaks none of the five. */
export function applyBrandingLanguage(locale: GuestLocale): void {
  if (!chosen && locale !== wanted) void switchTo(locale);
}

/**
 * The language the server rendered the first view in, read from the page's initial data in the
 * browser: hydration must start from the same texts.
 */
export function setInitialGuestLanguage(locale: GuestLocale, catalogue: GuestCatalogue | null) {
  current = { locale, intl: INTL_LOCALES[locale], catalogue: locale === 'de' ? null : catalogue };
  rendered = current;
  wanted = locale;
}

/** The language of the moment, outside React. */
export const currentGuestLanguage = (): GuestLanguage => current;

export function useGuestLanguage(): GuestLanguage {
  const serverRender = useGuestServerRender();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => serverRender?.language ?? rendered,
  );
}

/**
 * What the business's tonality says differently in the active language (decision 0467); German's
 * ship with each page, another language's come with its catalogue.
 */
export function tonesOf(language: GuestLanguage): GuestCatalogue['tones'] {
  return language.catalogue?.tones ?? germanTones;
}

/** The business's tonality of the page open now ('friendly' until its branding is known). */
export function useGuestTonality(): string | undefined {
  return useGuestBranding()?.tonality;
}

/** The first view's texts in the active language and the business's tonality. */
export function useFirstViewTexts(): GuestCatalogue['first'] {
  const language = useGuestLanguage();
  const tonality = useGuestTonality();
  const first = language.catalogue?.first ?? guestTexts;
  const tones = tonesOf(language);
  return partInTonality(first, toneOverrides(tones, tonality)?.first, tonality);
}
