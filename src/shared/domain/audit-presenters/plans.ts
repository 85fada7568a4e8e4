import type { Presenters } from './facts';
import { asSentence, counted, euro, germanMoment, quoted } from './words';

const TARGET = 'Tarif';

/** The business's plan: trial, booking, cancellation and the operator's grant (decision 0610). */
export const planPresenters: Presenters<
  'plan_trial_start' | 'plan_book' | 'plan_cancel' | 'plan_resume' | 'plan_grant'
> = {
  plan_trial_start: (f) => {
    const until = germanMoment(f.value('trialEndsAt'));
    return {
      sentence: `Pro-Testphase gestartet${until ? `, endet am ${until}` : ''}.`,
      target: TARGET,
    };
  },
  plan_book: (f) => {
    const locations = f.count('locations');
    const net = euro(f.cents('netCentsPerMonth'));
    return {
      sentence: `Trinkgeld Pro gebucht${locations ? ` für ${counted(locations, 'Standort', 'Standorte')}` : ''}${net ? ` (${net} netto im Monat)` : ''}.`,
      target: TARGET,
    };
  },
  plan_cancel: (f) => {
    const at = germanMoment(f.value('effectiveAt'));
    return {
      sentence: at
        ? `Trinkgeld Pro gekündigt zum ${at}; bis dahin bleibt Pro aktiv.`
        : 'Trinkgeld Pro gekündigt.',
      target: TARGET,
    };
  },
  plan_resume: (f) => {
    const at = germanMoment(f.value('currentPeriodEnd'));
    return {
      sentence: `Kündigung von Trinkgeld Pro zurückgenommen${at ? `; nächste Abrechnung am ${at}` : ''}.`,
      target: TARGET,
    };
  },
  plan_grant: (f) => {
    const name = f.text('businessName');
    const until = germanMoment(f.value('until'));
    const reason = f.text('reason');
    const business = name ? `Betrieb ${quoted(name)}` : 'Betrieb';
    return {
      sentence: `${until ? `Trinkgeld Pro für ${business} freigeschaltet bis ${until}` : `Freischaltung von Trinkgeld Pro für ${business} beendet`}.${reason ? ` Grund: ${asSentence(reason)}` : ''}`,
      target: business,
    };
  },
};
