import { describe, expect, it } from 'vitest';
import { renderDemoCheckout, renderDemoCheckoutClosed } from './demo-checkout-page';
import { demoPaymentOutcome } from './demo-checkout';

describe('the demo checkout page', () => {
  const html = renderDemoCheckout({
    description: 'Trinkgeld für <b>Ben</b> & "Co"',
    businessName: 'Hotel Seeblick',
    tipCents: 1000,
    platformFeeCents: 45,
    totalCents: 1045,
    currency: 'eur',
  });

  it('offers the three outcomes as a plain form, without any script', () => {
    expect(html).toContain('<form method="post">');
    for (const [value, label] of [
      ['pay', 'Bezahlen'],
      ['cancel', 'Abbrechen'],
      ['fail', 'Fehlschlagen'],
    ]) {
      expect(html).toMatch(new RegExp(`name="action" value="${value}"[^>]*>${label}<`));
    }
    expect(html).not.toMatch(/<script|onclick=|javascript:/i);
    expect(html).toContain('lang="de"');
  });

  it('shows the amounts in de-DE and escapes what it prints', () => {
    expect(html).toContain('10,00\u00a0€');
    expect(html).toContain('0,45\u00a0€');
    expect(html).toContain('10,45\u00a0€');
    expect(html).toContain('Trinkgeld für &lt;b&gt;Ben&lt;/b&gt; &amp; &quot;Co&quot;');
  });

  it('links a closed checkout back to the tip page', () => {
    const closed = renderDemoCheckoutClosed({ status: 'expired', backUrl: '/t/x?a=1&b="2"' });
    expect(closed).toContain('Zahlung abgelaufen');
    expect(closed).toContain('href="/t/x?a=1&amp;b=&quot;2&quot;"');
  });
});

describe('demoPaymentOutcome (DEMO_FAILURE_RATE)', () => {
  it('always pays with rate 0', () => {
    expect(demoPaymentOutcome(0, () => 0)).toEqual({ paid: true });
  });

  it('fails with one of the three simulated reasons when the rate strikes', () => {
    const rolls = [0.1, 0.0, 0.1, 0.5, 0.1, 0.9];
    const random = () => rolls.shift()!;
    expect(demoPaymentOutcome(0.3, random)).toEqual({
      paid: false,
      reason: 'stripe_not_connected',
    });
    expect(demoPaymentOutcome(0.3, random)).toEqual({ paid: false, reason: 'session_expired' });
    expect(demoPaymentOutcome(0.3, random)).toEqual({ paid: false, reason: 'network_error' });
    expect(demoPaymentOutcome(0.3, () => 0.3)).toEqual({ paid: true });
  });
});

describe("the demo checkout in the guest's language", () => {
  const view = {
    description: 'Trinkgeld für Anna Berg',
    businessName: 'Hotel Seeblick',
    tipCents: 1000,
    platformFeeCents: 45,
    totalCents: 1045,
    currency: 'eur',
  };

  it('speaks English with English amounts and no German left', () => {
    const html = renderDemoCheckout(view, 'en');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Tip for Anna Berg</h1>');
    expect(html).toContain('€10.45');
    expect(html).toContain('>Pay</button>');
    expect(html).not.toMatch(/Trinkgeld|Bezahlen|Abbrechen|Gesamt/);
  });

  it('says a closed checkout in Italian, and the team heading in French', () => {
    const closed = renderDemoCheckoutClosed({ status: 'expired', backUrl: '/t/x' }, 'it');
    expect(closed).toContain('Pagamento scaduto');
    expect(closed).toContain('Torna alla pagina della mancia');
    const team = renderDemoCheckout({ ...view, description: 'Trinkgeld für das Team Bar' }, 'fr');
    expect(team).toContain('Pourboire pour l&#39;équipe Bar');
  });
});
