import '../../guest.css';
import { brandFontInPage, brandFontLater, loadBrandFont } from '../../lib/brand-theme';
import { onFirstInteraction } from '../../lib/first-interaction';
import { rememberOwnAmountSent, rememberTypedAmount, takeOwnAmountSent } from './early-typing';
import { GUEST_INITIAL_DATA_ID, type GuestInitialData } from './initial-data';

/**
 * The only script the guest pages load up front (decision 0220). A tip page arrives rendered and
 * works as plain forms, so React and the app load when the guest first reaches for the page
 * (touch, key, focus, pointer) — or at once where the page needs them: a return from the
 * checkout, a pay-later link, a preset amount, the pages rendered in the browser.
 */
const STORAGE_KEY = 'trinkgeld.guest-language';
const rendered = document.getElementById(GUEST_INITIAL_DATA_ID);
let started: Promise<void> | null = null;
let ready = false;

/** A language picked in the switch before the app ran: applied once it runs. */
let pickedLanguage: string | null = null;
// Listened to on the way down (capture): while React hydrates, it stops an event on the element it
// has not taken over yet at its root and replays it later to the hydrated select, whose value
// hydration has set back by then, so a listener on the way up never heard the pick and the
// replay found nothing changed (seen under load in guest-languages.test.ts).
document.addEventListener(
  'change',
  (event) => {
    const target = event.target;
    if (ready || !(target instanceof HTMLSelectElement)) return;
    // A keyboard or script may change the switch without any of the events below: start here too.
    pickedLanguage = target.value;
    void start();
  },
  { capture: true },
);

/**
 * A language picked in the switch before this script arrived (it is asked for after the first
 * paint, decision 0267): no listener heard that change, but the switch still shows it.
 */
function languagePickedBeforeBoot(): string | null {
  for (const select of document.querySelectorAll('select')) {
    const renderedOption = [...select.options].find((option) => option.defaultSelected);
    if (renderedOption && select.value !== renderedOption.value) return select.value;
  }
  return null;
}
const pickedBeforeBoot = languagePickedBeforeBoot();
if (pickedBeforeBoot) {
  pickedLanguage = pickedBeforeBoot;
  void start();
}

/**
 * An own amount typed before this script arrived (a slow phone, decision 0267): no listener heard
 * it, and nothing else the guest does may follow to start the app, but the field still holds it.
 */
function amountTypedBeforeBoot(): string | null {
  const field = document.querySelector<HTMLInputElement>('input[name="custom"]');
  return field && field.value !== field.defaultValue ? field.value : null;
}
const typedBeforeBoot = amountTypedBeforeBoot();
if (typedBeforeBoot !== null) {
  rememberTypedAmount(typedBeforeBoot);
  void start();
}

document.addEventListener(
  'input',
  (event) => {
    const target = event.target;
    if (!ready && target instanceof HTMLInputElement && target.name === 'custom') {
      rememberTypedAmount(target.value);
    }
  },
  { capture: true },
);

function start(): Promise<void> {
  started ??= import('./app').then(async (app) => {
    await app.startGuestApp();
    ready = true;
    if (pickedLanguage) app.chooseLanguage(pickedLanguage);
  });
  return started;
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function renderedData(): GuestInitialData | null {
  try {
    return JSON.parse(rendered?.textContent ?? 'null') as GuestInitialData | null;
  } catch {
    return null;
  }
}
const data = renderedData();
const branding = data?.kind === 'tip-page' ? data.entry.branding : (data?.branding ?? null);
// The business's font belongs to the first view; only its own stylesheet loads (decision 0110),
// unless the server sent its faces with the page already (decision 0265), in use or switched off
// until the guest moves on (decision 0412).
if (branding) {
  const later = document.querySelector<HTMLStyleElement>('style[data-brand-font-later]');
  if (document.querySelector('style[data-brand-font]')) brandFontInPage(branding.fontFamily);
  else if (later) brandFontLater(branding.fontFamily, later);
  else loadBrandFont(branding.fontFamily);
}

/** Hands a submit that came before the app to the app, as if it had been there already. */
async function replay(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  if (submitter instanceof HTMLButtonElement && submitter.name === 'amount') {
    submitter.click();
    return;
  }
  // The amount step took the own amount's submit over as it went live (it continues once its
  // typed amount has rendered, which a submit replayed now would not yet see).
  if (ownAmountField(form) && !takeOwnAmountSent()) return;
  await new Promise((resolve) => setTimeout(resolve, 0));
  form.requestSubmit();
}

function ownAmountField(form: HTMLFormElement): HTMLInputElement | null {
  const field = form.elements.namedItem('custom');
  return field instanceof HTMLInputElement ? field : null;
}

const stored = storedLanguage();
if (
  !data ||
  data.kind !== 'tip-page' ||
  window.location.search !== '' ||
  (stored && stored !== data.locale)
) {
  void start();
} else {
  onFirstInteraction(() => void start());
}
// Whether the app starts at once or on the first touch, it takes a few moments to arrive: a
// submit in between waits for it, or the plain form would skip the app's payment-method step.
if (data) {
  document.addEventListener(
    'submit',
    (event) => {
      if (ready) return;
      event.preventDefault();
      handOver(event.target as HTMLFormElement, (event as SubmitEvent).submitter);
    },
    true,
  );
}

/** Starts the app for a submit that came before it and hands the submit to it. */
function handOver(form: HTMLFormElement, submitter: HTMLElement | null): void {
  submitter?.setAttribute('aria-busy', 'true');
  const ownAmount = ownAmountField(form);
  if (ownAmount) {
    rememberTypedAmount(ownAmount.value);
    rememberOwnAmountSent();
  }
  start().then(
    () => replay(form, submitter),
    // The app did not load (captive portal, flaky network): the plain form still works.
    () => form.submit(),
  );
}

// A tap the page's inline loader held until this script arrived (decision 0267).
const held = (
  window as {
    trinkgeldHeldSubmit?: () => { form: HTMLFormElement; submitter: HTMLElement | null } | null;
  }
).trinkgeldHeldSubmit?.();
if (held) handOver(held.form, held.submitter);
