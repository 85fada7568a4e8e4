import { formatCents } from '../../../shared/domain/money';
import { type GuestLocale, INTL_LOCALES } from '../../../shared/i18n/guest-locale';
import { GUEST_SERVER_TEXTS } from '../../../shared/i18n/guest-server';
import { demoProviderPage } from '../../lib/demo-provider-page';
import { escapeHtml } from '../../lib/html';

const notice = (locale: GuestLocale) =>
  `<p class="badge">${escapeHtml(GUEST_SERVER_TEXTS[locale].demo.notice)}</p>`;

export interface DemoCheckoutView {
  description: string;
  businessName: string;
  tipCents: number;
  platformFeeCents: number;
  totalCents: number;
  currency: string;
}

/**
 * The checkout's heading in the guest's language: the provider keeps the German description
 * (tips/service.ts describeTip), which names the recipient in one of three forms.
 */
function headingOf(description: string, locale: GuestLocale): string {
  const t = GUEST_SERVER_TEXTS[locale].demo;
  const team = /^Trinkgeld für das Team (.+)$/.exec(description);
  if (team) return t.tipForTeam(team[1]!);
  const person = /^Trinkgeld für (.+)$/.exec(description);
  if (person) return t.tipFor(person[1]!);
  const place = /^Trinkgeld · (.+)$/.exec(description);
  if (place) return `${t.tip} · ${place[1]!}`;
  return description;
}

/** The hosted checkout of the demo provider: the payer decides how the payment ends. */
export function renderDemoCheckout(view: DemoCheckoutView, locale: GuestLocale = 'de'): string {
  const t = GUEST_SERVER_TEXTS[locale].demo;
  const money = (cents: number) =>
    escapeHtml(formatCents(cents, view.currency, INTL_LOCALES[locale]));
  return demoProviderPage(
    locale,
    t.pageTitle,
    `${notice(locale)}
<h1>${escapeHtml(headingOf(view.description, locale))}</h1>
<p class="muted">${escapeHtml(view.businessName)}</p>
<dl>
  <dt>${escapeHtml(t.tip)}</dt><dd>${money(view.tipCents)}</dd>
  <dt>${escapeHtml(t.fee)}</dt><dd>${money(view.platformFeeCents)}</dd>
  <dt class="total">${escapeHtml(t.total)}</dt><dd class="total">${money(view.totalCents)}</dd>
</dl>
<form method="post">
  <button type="submit" name="action" value="pay" class="primary">${escapeHtml(t.pay)}</button>
  <button type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>
  <button type="submit" name="action" value="fail" class="danger">${escapeHtml(t.fail)}</button>
</form>
<p class="muted">${escapeHtml(t.explanation)}</p>`,
  );
}

/** Shown when a checkout can no longer be decided: already paid, failed or past its time. */
export function renderDemoCheckoutClosed(
  input: { status: 'paid' | 'failed' | 'expired'; backUrl: string },
  locale: GuestLocale = 'de',
): string {
  const t = GUEST_SERVER_TEXTS[locale].demo;
  const text = t.closed[input.status];
  return demoProviderPage(
    locale,
    text.title,
    `${notice(locale)}
<h1>${escapeHtml(text.title)}</h1>
<p class="muted">${escapeHtml(text.text)}</p>
<a class="button primary" href="${escapeHtml(input.backUrl)}">${escapeHtml(t.back)}</a>`,
  );
}

export function renderDemoCheckoutMissing(locale: GuestLocale = 'de'): string {
  const t = GUEST_SERVER_TEXTS[locale].demo;
  return demoProviderPage(
    locale,
    t.missingTitle,
    `${notice(locale)}
<h1>${escapeHtml(t.missingTitle)}</h1>
<p class="muted">${escapeHtml(t.missingText)}</p>
<a class="button primary" href="/">${escapeHtml(t.home)}</a>`,
  );
}
