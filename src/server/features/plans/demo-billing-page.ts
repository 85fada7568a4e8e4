import { formatCents } from '../../../shared/domain/money';
import { billingDemoTexts as t } from '../../../shared/i18n/billing-demo';
import { escapeHtml } from '../../lib/html';
import { demoProviderPage } from '../../lib/demo-provider-page';
import type { DemoCheckoutView, DemoSubscriptionAction } from './checkout';

const money = (cents: number) => escapeHtml(formatCents(cents, 'eur'));
const badge = `<p class="badge">${escapeHtml(t.badge)}</p>`;
const back = (tarifUrl: string) =>
  `<a class="button" href="${escapeHtml(tarifUrl)}">${escapeHtml(t.back)}</a>`;

/** The demo provider's checkout for Pro: the owner decides how the first charge ends. */
export function renderBillingCheckout(
  view: DemoCheckoutView,
  options: { declined: boolean; tarifUrl: string },
): string {
  if (view.status !== 'open') {
    return demoProviderPage(
      'de',
      t.checkoutTitle,
      `${badge}<h1>${escapeHtml(t.checkoutTitle)}</h1><p class="muted">${escapeHtml(t.closed)}</p>${back(options.tarifUrl)}`,
    );
  }
  const vatLabel = view.vatCents === 0 ? t.reverseCharge : t.vat;
  return demoProviderPage(
    'de',
    t.checkoutTitle,
    `${badge}
<h1>${escapeHtml(t.checkoutTitle)}</h1>
<p class="muted">${escapeHtml(t.locations(view.locations))} · ${escapeHtml(t.recipient)}: ${escapeHtml(view.recipient)}</p>
${options.declined ? `<p role="alert" class="danger">${escapeHtml(t.declined)}</p>` : ''}
<dl>
  <dt>${escapeHtml(t.net)}</dt><dd>${money(view.netCents)}</dd>
  <dt>${escapeHtml(vatLabel)}</dt><dd>${money(view.vatCents)}</dd>
  <dt class="total">${escapeHtml(t.gross)}</dt><dd class="total">${money(view.grossCents)}</dd>
</dl>
<form method="post">
  <button type="submit" name="action" value="pay" class="primary">${escapeHtml(t.pay)}</button>
  <button type="submit" name="action" value="decline" class="danger">${escapeHtml(t.decline)}</button>
  <button type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>
</form>
<p class="muted">${escapeHtml(t.monthly)}</p>`,
  );
}

export interface DemoSubscriptionView {
  status: keyof typeof t.states;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  actions: DemoSubscriptionAction[];
}

/** The demo provider's controls of a subscription's life (renewal, failure, recovery, end). */
export function renderDemoSubscription(
  view: DemoSubscriptionView,
  options: { formAction: string; tarifUrl: string },
): string {
  const buttons = view.actions
    .map(
      (action) =>
        `<button type="submit" name="action" value="${action}"${action === 'fail' || action === 'end' ? ' class="danger"' : ' class="primary"'}>${escapeHtml(t.actions[action])}</button>`,
    )
    .join('\n  ');
  return demoProviderPage(
    'de',
    t.subscriptionTitle,
    `${badge}
<h1>${escapeHtml(t.subscriptionTitle)}</h1>
<p class="muted">${escapeHtml(t.subscriptionIntro)}</p>
<dl>
  <dt>Status</dt><dd data-testid="demo-subscription-status">${escapeHtml(t.states[view.status])}</dd>
  ${view.currentPeriodEnd ? `<dt>${escapeHtml(t.periodEnd)}</dt><dd>${escapeHtml(view.currentPeriodEnd)}</dd>` : ''}
  ${view.cancelAtPeriodEnd ? `<dt>${escapeHtml(t.cancelAtPeriodEnd)}</dt><dd>✓</dd>` : ''}
</dl>
${
  buttons
    ? `<form method="post" action="${escapeHtml(options.formAction)}">\n  ${buttons}\n</form>`
    : `<p class="muted">${escapeHtml(t.nothing)}</p>`
}
${back(options.tarifUrl)}`,
  );
}
