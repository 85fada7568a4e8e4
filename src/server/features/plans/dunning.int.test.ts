import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { createBusiness, type FactoryBusiness } from '../../../../test/support/factories';
import type { PlanCheckoutInput } from '../../../shared/api/plans';
import { graceEndOf } from '../../../shared/domain/plans';
import { planMailDate } from '../../../shared/i18n/plan-mail';
import { businessPlans, outboxEmails, profiles } from '../../db/schema';
import { runDunningJob } from '../../jobs/dunning';
import { bookPro, demoSubscription } from '../../../../test/support/plans';

/**
 * Dunning mails (decision 0610, amendment): a failed charge tells the business's active owners
 * at once, a week later they are reminded, and when the grace period is over (or the subscription
 * ends unpaid) they hear that the business now uses Basis — each once per dunning run, whatever
 * the job's runs and the provider's retries. A healthy business hears nothing.
 */
let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;
const FAILED = 'Zahlung für Trinkgeld Pro fehlgeschlagen';
const REMINDER = 'Erinnerung: Zahlung für Trinkgeld Pro offen';
const ENDED = 'Trinkgeld Pro beendet: Ihr Betrieb nutzt jetzt Basis';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BILLING: PlanCheckoutInput = {
  locations: 1,
  name: 'Hotel Seeblick GmbH',
  street: 'Uferweg 1',
  postalCode: '82319',
  city: 'Starnberg',
  countryCode: 'DE',
  vatId: 'DE 123 456 789',
  email: 'buchhaltung@seeblick.example',
};

/** A business on Basis with a second owner, a disabled owner and an employee; it books Pro. */
async function bookedHotel(): Promise<FactoryBusiness> {
  const hotel = await createBusiness(t.database.db, {
    plan: 'basis',
    employees: [{ role: 'business_owner' }, { role: 'business_owner', disabled: true }, {}],
  });
  await bookPro(t, hotel, BILLING);
  return hotel;
}

const demo = (hotel: FactoryBusiness, action: 'renew' | 'fail' | 'recover' | 'end') =>
  demoSubscription(t, hotel, action);

const job = () => runDunningJob(t.app.deps, t.app.log);

/** Everyone of the business who could get a mail: both active owners first. */
function people(hotel: FactoryBusiness) {
  return {
    owners: [hotel.owner.email, hotel.employees[0]!.email],
    disabledOwner: hotel.employees[1]!.email,
    employee: hotel.employees[2]!.email,
  };
}

/** The mails in the outbox to these addresses, oldest first. */
async function mailsTo(addresses: string[]) {
  return t.database.db
    .select({
      to: outboxEmails.toAddress,
      subject: outboxEmails.subject,
      text: outboxEmails.textBody,
      html: outboxEmails.htmlBody,
      status: outboxEmails.status,
    })
    .from(outboxEmails)
    .where(inArray(outboxEmails.toAddress, addresses))
    .orderBy(asc(outboxEmails.seq));
}

/** The subjects each address got, by address. */
async function subjectsOf(hotel: FactoryBusiness) {
  const { owners, disabledOwner, employee } = people(hotel);
  const all = [...owners, disabledOwner, employee];
  const mails = await mailsTo(all);
  return Object.fromEntries(
    all.map((address) => [
      address,
      mails.filter((mail) => mail.to === address).map((mail) => mail.subject),
    ]),
  );
}

async function pastDueSinceOf(hotel: FactoryBusiness): Promise<Date> {
  const [row] = await t.database.db
    .select({ pastDueSince: businessPlans.pastDueSince })
    .from(businessPlans)
    .where(eq(businessPlans.businessId, hotel.id));
  return row!.pastDueSince!;
}

describe('dunning mails', () => {
  it('failure, reminder and downgrade: once per owner each, the healthy business hears nothing', async () => {
    const hotel = await bookedHotel();
    const healthy = await bookedHotel();
    const { owners, disabledOwner, employee } = people(hotel);
    const before = await mailsTo([...owners, ...people(healthy).owners]);

    await demo(hotel, 'fail');
    const graceEnd = graceEndOf(await pastDueSinceOf(hotel));
    const date = planMailDate(graceEnd, 'de');
    expect(date).toMatch(/^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}$/);
    const tarif = `${t.config.publicOrigin}/admin/tarif`;
    const failed = (await mailsTo(owners)).filter((mail) => mail.subject === FAILED);
    expect(failed.map((mail) => mail.to).sort()).toEqual([...owners].sort());
    for (const mail of failed) {
      expect(mail.text).toContain('Abbuchung für Trinkgeld Pro');
      expect(mail.text).toContain(hotel.name);
      expect(mail.text).toContain(`Pro bleibt bis zum ${date} aktiv`);
      expect(mail.text).toContain(tarif);
      expect(mail.html).toContain(`<a href="${tarif}">`);
      // Queued in the event's transaction, handed over after its commit.
      expect(mail.status).not.toBe('pending');
    }

    // A retry of the same run fails again: no new mail, and the job has nothing yet.
    t.clock.advance(2 * DAY);
    await demo(hotel, 'fail');
    expect(await job()).toEqual({ reminder: 0, ended: 0 });
    expect(await subjectsOf(hotel)).toEqual({
      [owners[0]!]: [FAILED],
      [owners[1]!]: [FAILED],
      [disabledOwner]: [],
      [employee]: [],
    });

    // A week after the first failure: one reminder each, however often the job runs.
    t.clock.advance(5 * DAY);
    const [first, second] = await Promise.all([job(), job()]);
    expect(first.reminder + second.reminder).toBe(1);
    expect(await job()).toEqual({ reminder: 0, ended: 0 });
    const reminders = (await mailsTo(owners)).filter((mail) => mail.subject === REMINDER);
    expect(reminders).toHaveLength(2);
    for (const mail of reminders) {
      expect(mail.text).toContain(`Pro endet am ${date}`);
      expect(mail.text).toContain(tarif);
    }

    // The grace period is over: the downgrade mail once, and the unpaid end adds nothing.
    t.clock.advance(7 * DAY);
    expect(await job()).toEqual({ reminder: 0, ended: 1 });
    expect(await job()).toEqual({ reminder: 0, ended: 0 });
    await demo(hotel, 'end');
    expect(await job()).toEqual({ reminder: 0, ended: 0 });
    expect(await subjectsOf(hotel)).toEqual({
      [owners[0]!]: [FAILED, REMINDER, ENDED],
      [owners[1]!]: [FAILED, REMINDER, ENDED],
      [disabledOwner]: [],
      [employee]: [],
    });
    const [ended] = (await mailsTo(owners)).filter((mail) => mail.subject === ENDED);
    expect(ended!.text).toContain('Es wird nichts gelöscht');
    expect(ended!.text).toContain('Auszahlungen laufen weiter');
    expect(ended!.text).toContain(tarif);

    // The healthy business got nothing from all of this.
    expect(await mailsTo([...owners, ...people(healthy).owners])).toHaveLength(before.length + 6);
    expect(await mailsTo(people(healthy).owners)).toEqual(
      before.filter((mail) => people(healthy).owners.includes(mail.to)),
    );
  });

  it('a recovery ends the run: no downgrade mail later, and the next failure starts afresh', async () => {
    const hotel = await bookedHotel();
    const { owners } = people(hotel);
    // The second owner reads English.
    await t.database.db
      .update(profiles)
      .set({ staffLanguage: 'en' })
      .where(eq(profiles.email, owners[1]!));

    await demo(hotel, 'fail');
    t.clock.advance(7 * DAY);
    expect((await job()).reminder).toBeGreaterThanOrEqual(1);
    t.clock.advance(3 * DAY);
    await demo(hotel, 'recover');
    t.clock.advance(5 * DAY);
    await job();
    t.clock.advance(30 * DAY);
    await job();
    expect((await subjectsOf(hotel))[owners[0]!]).toEqual([FAILED, REMINDER]);
    expect((await subjectsOf(hotel))[owners[1]!]).toEqual([
      'Payment for Trinkgeld Pro failed',
      'Reminder: payment for Trinkgeld Pro outstanding',
    ]);

    // A later failure is a new run: its own first mail and its own reminder.
    await demo(hotel, 'fail');
    t.clock.advance(7 * DAY);
    await job();
    expect((await subjectsOf(hotel))[owners[0]!]).toEqual([FAILED, REMINDER, FAILED, REMINDER]);
    const [english] = (await mailsTo([owners[1]!])).slice(-1);
    expect(english!.text).toContain(
      `Pro ends on ${planMailDate(graceEndOf(await pastDueSinceOf(hotel)), 'en')}`,
    );
  });

  it('ended unpaid during the grace period: the downgrade mail once, the job adds nothing', async () => {
    const hotel = await bookedHotel();
    const { owners } = people(hotel);
    await demo(hotel, 'fail');
    t.clock.advance(3 * DAY);
    await demo(hotel, 'end');
    expect((await subjectsOf(hotel))[owners[0]!]).toEqual([FAILED, ENDED]);
    t.clock.advance(4 * DAY);
    await job();
    t.clock.advance(14 * DAY);
    await job();
    expect((await subjectsOf(hotel))[owners[0]!]).toEqual([FAILED, ENDED]);
    expect((await subjectsOf(hotel))[owners[1]!]).toEqual([FAILED, ENDED]);
  });
});
