import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fill, renderScreen } from '../../../../test/support/component';
import { AmountStep } from './AmountStep';

/**
 * The tip page's amount step on its own (decision 0530): what a guest may type as their own
 * amount, and what the step says to what it refuses. Moved here from test/e2e/guest-tipping and
 * guest-journey (decision 0590); test/e2e/guest-first-view.test.ts takes an own amount on to the
 * payment step in the browser.
 */

/** The step as the tip page holds it: the page keeps the amount the step reports. */
function renderStep() {
  const onContinue = vi.fn();
  const amounts: (number | null)[] = [];
  function Page() {
    const [amountCents, setAmountCents] = useState<number | null>(null);
    return (
      <AmountStep
        action="/t/restaurant-service/checkout"
        amountCents={amountCents}
        onAmountChange={(cents) => {
          amounts.push(cents);
          setAmountCents(cents);
        }}
        onCustomAmountSettled={() => {}}
        onContinue={onContinue}
      />
    );
  }
  const rendered = renderScreen(<Page />, { location: '/t/restaurant-service' });
  const field = screen.getByLabelText('Eigener Betrag') as HTMLInputElement;
  return { ...rendered, field, onContinue, amounts };
}

/** An accessible name as read aloud: the amount's no-break space counts as a space. */
const named = (text: string) => (name: string) => name.replace(/\s+/g, ' ') === text;

/** The buttons that would take the guest on: a disabled one keeps only its place. */
const continueButtons = () =>
  screen
    .queryAllByRole('button', { name: /Weiter zur Zahlung/ })
    .filter((button) => !(button as HTMLButtonElement).disabled);

/** How long a wait may take on a busy machine; it ends as soon as its condition holds. */
const SLOW = { timeout: 10_000 };

describe('the own amount', () => {
  it('refuses less than the payment provider’s 0,50 € with the limit named (decision 0476)', async () => {
    const { user, field } = renderStep();
    await fill(user, field, '0,49');
    expect(
      await screen.findByText('Der Betrag muss mindestens 0,50 € betragen.', {}, SLOW),
    ).toBeTruthy();
    expect(continueButtons()).toEqual([]);
    await fill(user, field, '0,50');
    expect(
      await screen.findByRole('button', { name: named('Weiter zur Zahlung · 0,50 €') }, SLOW),
    ).toBeTruthy();
  });

  it('refuses more than 500 € with a clear message', async () => {
    const { user, field } = renderStep();
    await fill(user, field, '600');
    expect(
      await screen.findByText('Der Betrag darf höchstens 500,00 € betragen.', {}, SLOW),
    ).toBeTruthy();
    expect(continueButtons()).toEqual([]);
    await fill(user, field, '12.50');
    expect(
      await screen.findByRole('button', { name: named('Weiter zur Zahlung · 12,50 €') }, SLOW),
    ).toBeTruthy();
  });

  it('reads 12,5 and € 12, refuses 12.345 and letters with a message that says what to type', async () => {
    const { user, field, onContinue, amounts } = renderStep();
    // A text field with the decimal keypad: a number field would drop the comma of "12,5".
    expect(field.getAttribute('type')).toBe('text');
    expect(field.getAttribute('inputmode')).toBe('decimal');

    await fill(user, field, '12,5');
    expect(
      await screen.findByRole('button', { name: named('Weiter zur Zahlung · 12,50 €') }, SLOW),
    ).toBeTruthy();
    await fill(user, field, '€ 12');
    expect(
      await screen.findByRole('button', { name: named('Weiter zur Zahlung · 12,00 €') }, SLOW),
    ).toBeTruthy();
    await fill(user, field, '12.345');
    expect(
      await screen.findByText(
        'Bitte höchstens zwei Nachkommastellen eingeben, z. B. 12,50.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(continueButtons()).toEqual([]);
    await fill(user, field, 'zwölf');
    expect(
      await screen.findByText(
        'Bitte geben Sie den Betrag als Zahl ein, z. B. 12,50 oder 12.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    await fill(user, field, '12.50');
    await user.click(
      await screen.findByRole('button', { name: named('Weiter zur Zahlung · 12,50 €') }, SLOW),
    );
    // On to the payment step with 12,50 €.
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(amounts.at(-1)).toBe(1250);
  });
});

describe('the page as it goes live', () => {
  it('keeps the continue button in its place, so nothing below it moves under a tap', async () => {
    renderStep();
    // The server's page has a plain 'Weiter zur Zahlung' for the own amount. Taking it away when
    // the app ran moved the links under the form up by its height (64 px) while a guest reached
    // for them: the tap landed on nothing (guest-journey › legal pages).
    const button = await screen.findByRole('button', { name: 'Weiter zur Zahlung' }, SLOW);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(continueButtons()).toEqual([]);
  });
});
