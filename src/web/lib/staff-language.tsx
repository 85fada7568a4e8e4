import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useLocation } from './router';
import {
  DEFAULT_STAFF_LANGUAGE,
  isStaffLanguage,
  type StaffLanguage,
  suggestedStaffLanguage,
} from '../../shared/domain/staff-language';
import { isProfileComplete, retryAfterMinutes } from '../../shared/domain/auth';
import {
  type StaffCataloguePart,
  type StaffCoreTexts,
  staffTextsDe,
} from '../../shared/i18n/staff-catalogue';
import { setErrorTranslator } from './api';
import { staffFormat, type StaffFormat } from './format';
import { useSession } from './session';
import {
  activeStaffLanguage,
  englishSplitReason,
  englishStaffErrors,
  loadStaffLanguage,
  setActiveStaffLanguage,
  staffCatalogue,
  staffTextsWith,
} from './staff-active';

/** The last staff language of this browser: the sign-in page speaks it before anyone signs in. */
export const STAFF_LANGUAGE_STORAGE_KEY = 'trinkgeld:staff-language';

function rememberedLanguage(): StaffLanguage | null {
  try {
    const stored = localStorage.getItem(STAFF_LANGUAGE_STORAGE_KEY);
    return isStaffLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

function remember(language: StaffLanguage): void {
  try {
    localStorage.setItem(STAFF_LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the profile still carries the choice; only the sign-in page forgets it.
  }
}

/** Before sign-in: what this browser chose last, else what its languages suggest. */
export function browserStaffLanguage(): StaffLanguage {
  return (
    rememberedLanguage() ??
    suggestedStaffLanguage(typeof navigator === 'undefined' ? undefined : navigator.languages)
  );
}

/**
 * The staff screens: sign-in, password pages, onboarding, dashboard, account. Admin screens and
 * the public pages stay German this time (decision 0383), whatever the person's staff language.
 */
export const isStaffPath = (pathname: string) => pathname.startsWith('/employee/');

// Starts loading English with the entry on a staff page of someone who reads English, in parallel
// with the page's own chunk, so the first screen rarely waits for it (decision 0410).
if (
  typeof location !== 'undefined' &&
  isStaffPath(location.pathname) &&
  browserStaffLanguage() === 'en'
) {
  loadStaffLanguage('en').catch(() => undefined);
}

/** Set as the error translator only while English is shown, so its texts are loaded. */
const englishError = ({ code, retryAfter }: { code: string; retryAfter?: number | undefined }) => {
  const known = (
    englishStaffErrors() as Record<string, { title: string; message: string } | undefined>
  )[code];
  if (code === 'network_error') return staffCatalogue('en')?.screens.networkError;
  // The wait of a rate limit is the server's number, not the catalogue's example.
  if (known && code === 'rate_limited') {
    return {
      title: known.title,
      message: `Please wait ${retryAfterMinutes(retryAfter)} minute(s) and try again.`,
    };
  }
  return known;
};

/**
 * The texts for what shows before the language layer runs (the first chunk loading) or without
 * it (the app's error screen): the last language the layer set, else on a staff page this
 * browser's choice (which the profile's language is copied into at every sign-in).
 */
export function staffTextsOutsideTheApp(): StaffCoreTexts {
  const pathname = typeof location === 'undefined' ? '/' : location.pathname;
  if (!isStaffPath(pathname)) return staffTextsDe;
  // English only once it has loaded; before that (or offline) German rather than nothing.
  return (
    staffCatalogue(activeStaffLanguage() === 'en' ? 'en' : browserStaffLanguage()) ?? staffTextsDe
  );
}

interface StaffLanguageValue {
  language: StaffLanguage;
  texts: StaffCoreTexts;
  format: StaffFormat;
  /** Before sign-in the choice stays in this browser; signed in, the caller saves the profile. */
  choose(language: StaffLanguage): void;
}

const StaffLanguageContext = createContext<StaffLanguageValue | null>(null);

/** Whether the app has shown a screen yet: after that a language still loading keeps the old one. */
let spokenOnce = false;

/**
 * The language of staff screens: the signed-in person's profile, else this browser's last choice,
 * else its own languages (English when it names English first), else German. Admin pages stay
 * German. Server errors are said from the catalogue by their code.
 */
export function StaffLanguageProvider({ children }: { children: ReactNode }) {
  const { profile } = useSession();
  const { pathname } = useLocation();
  const [browserChoice, setBrowserChoice] = useState<StaffLanguage>(browserStaffLanguage);
  // Until the profile is complete (the first sign-in's onboarding) nobody has chosen yet: the
  // browser's suggestion applies, and onboarding saves what the person leaves selected.
  const chosen = profile && isProfileComplete(profile) ? profile.staffLanguage : browserChoice;
  const wanted: StaffLanguage = isStaffPath(pathname) ? chosen : DEFAULT_STAFF_LANGUAGE;
  const texts = staffCatalogue(wanted);
  // A language not loaded yet (English, decision 0410): the screen keeps the language it spoke
  // until the texts arrive; on the very first screen nothing shows for those few milliseconds,
  // rather than German flashing up. If they cannot load, the screen stays German.
  const [, setLoaded] = useState<StaffLanguage | null>(null);
  const [failed, setFailed] = useState<StaffLanguage | null>(null);
  useEffect(() => {
    if (texts) return;
    let current = true;
    loadStaffLanguage(wanted).then(
      () => current && setLoaded(wanted),
      () => current && setFailed(wanted),
    );
    return () => {
      current = false;
    };
  }, [wanted, texts]);
  const waiting = !texts && failed !== wanted;
  const language: StaffLanguage = texts ? wanted : activeStaffLanguage();
  if (!waiting) spokenOnce = true;

  // The profile's language becomes this browser's: after sign-out the sign-in page keeps it.
  const chosenOnProfile = profile && isProfileComplete(profile) ? profile.staffLanguage : null;
  useEffect(() => {
    if (chosenOnProfile) {
      remember(chosenOnProfile);
      setBrowserChoice(chosenOnProfile);
    }
  }, [chosenOnProfile]);

  // Set while rendering, not in an effect: the children's effects (a toast on mount) run before
  // the provider's own effects and must already speak this language.
  setActiveStaffLanguage(language);
  setErrorTranslator(language === 'en' ? englishError : undefined);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const choose = useCallback((next: StaffLanguage) => {
    remember(next);
    setBrowserChoice(next);
  }, []);

  const value = useMemo<StaffLanguageValue>(
    () => ({
      language,
      texts: staffCatalogue(language) ?? staffTextsDe,
      format: staffFormat(language),
      choose,
    }),
    [language, choose],
  );
  if (waiting && !spokenOnce) return null;
  return <StaffLanguageContext.Provider value={value}>{children}</StaffLanguageContext.Provider>;
}

function useStaffLanguageValue(): StaffLanguageValue {
  const value = useContext(StaffLanguageContext);
  // Outside the app frame (the styleguide, a component test) the screens speak German.
  return value ?? FALLBACK;
}

const FALLBACK: StaffLanguageValue = {
  language: DEFAULT_STAFF_LANGUAGE,
  texts: staffTextsDe,
  format: staffFormat(DEFAULT_STAFF_LANGUAGE),
  choose: () => undefined,
};

/**
 * The texts of the staff screens in the active staff language, with the parts a page passes
 * (`useStaffTexts(staffSignInPart)`): a page imports its part itself, so it loads with its chunk.
 */
export function useStaffTexts(): StaffCoreTexts;
export function useStaffTexts<A>(part: StaffCataloguePart<A>): StaffCoreTexts & A;
export function useStaffTexts<A, B>(
  first: StaffCataloguePart<A>,
  second: StaffCataloguePart<B>,
): StaffCoreTexts & A & B;
export function useStaffTexts(...parts: StaffCataloguePart<object>[]): StaffCoreTexts {
  return staffTextsWith(useStaffLanguageValue().texts, parts);
}
/** Amounts, dates and numbers in the active staff language (`12,50 €` / `€12.50`). */
export const useStaffFormat = (): StaffFormat => useStaffLanguageValue().format;
export const useStaffLanguage = () => {
  const { language, choose } = useStaffLanguageValue();
  return { language, choose };
};

const sameReason = (reason: string) => reason;

/** A team share's stored German reason, said in the staff language (decision 0383). */
export function useSplitReason(): (reason: string) => string {
  const { language } = useStaffLanguageValue();
  // English is only ever the language once its chunk (which carries the reasons) has loaded.
  return (language === 'en' ? englishSplitReason() : undefined) ?? sameReason;
}
