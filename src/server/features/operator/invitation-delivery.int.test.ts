import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../../test/e2e/support/smtp';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
  uniqueSuffix,
} from '../../../../test/support/factories';
import type { BusinessChange, BusinessOverview } from '../../../shared/api/operator';
import type { StaffUser } from '../../../shared/api/staff';
import { INVITATION_RETRY_DELAYS_MS } from '../mail/mailer';
import { runInvitationRetryJob } from '../staff/invitation-retries';
import { findToken, tokenIn } from '../../../../test/support/mail-links';

/**
 * An invitation whose e-mail the mail server refused is not lost. The console
 * says where it stands, the retry job tries again with backoff and a fresh link, and 'Einladung
 * erneut senden' works once the mail server is back. A real SMTP server on 127.0.0.1 is stopped
 * and started; the retry job is driven by the test clock, never by waiting.
 */

let smtp: TestSmtpServer;
let t: TestApp;
let adminEmail: string;
let adminCookie: string;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
  adminEmail = (await createPlatformAdmin(t.database.db)).email;
  hotel = await createBusiness(t.database.db);
  cafe = await createBusiness(t.database.db);
});
// The clock moves on by hours here: a fresh session for every test.
beforeEach(async () => {
  adminCookie = await signIn(t, adminEmail);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const retryJob = () => runInvitationRetryJob(t.app.deps, t.app.log);
const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

async function ownerDelivery(businessId: string, email: string) {
  const response = await t.inject({
    method: 'GET',
    url: `/api/admin/businesses/overview?search=${encodeURIComponent(email)}`,
    // The clock may have moved past the session's idle limit.
    headers: { cookie: await signIn(t, adminEmail) },
  });
  const row = response.json<BusinessOverview>().items.find((item) => item.id === businessId);
  return row?.owners.find((owner) => owner.email === email)?.delivery;
}

/** A business created by the operator with its owner's invitation (on `app`, default `t`). */
async function createWithOwner(
  ownerEmail: string,
  app: TestApp = t,
  cookie: string = adminCookie,
): Promise<BusinessChange> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/businesses',
    headers: { cookie },
    payload: {
      name: `Pension ${uniqueSuffix()}`,
      address: 'Seeweg 1, 12345 Seedorf',
      contactEmail: 'kontakt@pension.example',
      ownerEmail,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<BusinessChange>();
}

describe('owner invitations survive a mail server outage', () => {
  it('retries with backoff and a fresh link, gives up after the last attempt, and re-sends on request', async () => {
    const ownerEmail = `inhaber-${uniqueSuffix()}@pension.example`;
    await smtp.stop();
    const change = await createWithOwner(ownerEmail);
    expect(change.invitedOwner).toMatchObject({ email: ownerEmail, delivery: 'retrying' });
    const businessId = change.business.id;
    expect(await ownerDelivery(businessId, ownerEmail)).toBe('retrying');

    // Not due yet: nothing is tried.
    expect(await retryJob()).toBe(0);
    for (const delay of INVITATION_RETRY_DELAYS_MS) {
      t.clock.advance(delay);
      expect(await retryJob()).toBe(1);
    }
    expect(await ownerDelivery(businessId, ownerEmail)).toBe('failed');
    const attempts = await t.database.query<{ attempts: number; next_attempt_at: Date | null }>(
      `SELECT o.attempts, o.next_attempt_at FROM outbox_emails o
         JOIN users u ON u.id = o.invitation_id
        WHERE u.email = $1 ORDER BY o.attempts`,
      [ownerEmail],
    );
    // One mail per attempt, each with its own link; none is due any more.
    expect(attempts.map((row) => row.attempts)).toEqual([1, 2, 3, 4, 5]);
    expect(attempts.every((row) => row.next_attempt_at === null)).toBe(true);
    t.clock.advance(24 * 60 * 60_000);
    expect(await retryJob()).toBe(0);
    adminCookie = await signIn(t, adminEmail);

    // Inviting the address again is still refused; re-sending is the way (and works now).
    const again = await t.inject({
      method: 'POST',
      url: `/api/admin/businesses/${businessId}/owners`,
      headers: { cookie: adminCookie },
      payload: { email: ownerEmail },
    });
    expect(again.statusCode).toBe(409);
    await smtp.start();
    const resent = await t.inject({
      method: 'POST',
      url: `/api/admin/businesses/${businessId}/owners/${change.invitedOwner!.id}/invitation`,
      headers: { cookie: adminCookie },
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json<BusinessChange>().invitedOwner).toMatchObject({ delivery: 'delivered' });
    expect(await ownerDelivery(businessId, ownerEmail)).toBe('delivered');
    const mail = await smtp.waitForMail(ownerEmail);
    const token = findToken(mail.text);
    expect(token).toBeTruthy();
    const verify = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { token },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('the retry job delivers a fresh, working link once the mail server is back', async () => {
    const ownerEmail = `inhaberin-${uniqueSuffix()}@pension.example`;
    await smtp.stop();
    const change = await createWithOwner(ownerEmail);
    expect(change.invitedOwner!.delivery).toBe('retrying');
    await smtp.start();
    t.clock.advance(INVITATION_RETRY_DELAYS_MS[0]!);
    expect(await retryJob()).toBe(1);
    expect(await ownerDelivery(change.business.id, ownerEmail)).toBe('delivered');
    expect(mailsTo(ownerEmail)).toHaveLength(1);
    const verify = await t.inject({
      method: 'POST',
      url: '/api/auth/magic-link/verify',
      payload: { token: tokenIn(mailsTo(ownerEmail)[0]!.text) },
    });
    expect(verify.statusCode).toBe(200);
    // Delivered: the job has nothing left to do for it.
    t.clock.advance(60 * 60_000);
    expect(await retryJob()).toBe(0);
  });

  it("an owner's staff invitation shows its state on /admin/users and is re-sent there", async () => {
    const ownerCookie = await signIn(t, hotel.owner.email);
    const email = `service-${uniqueSuffix()}@hotel.example`;
    await smtp.stop();
    const invited = await t.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie: ownerCookie },
      payload: { email, role: 'employee' },
    });
    expect(invited.statusCode).toBe(201);
    const person = invited.json<StaffUser>();
    expect(person.invitationDelivery).toBe('retrying');
    await smtp.start();
    const resent = await t.inject({
      method: 'POST',
      url: `/api/admin/users/${person.id}/invitation`,
      headers: { cookie: ownerCookie },
    });
    expect(resent.json<StaffUser>().invitationDelivery).toBe('delivered');
    // The failed first mail is replaced: the job does not send a second link.
    t.clock.advance(60 * 60_000);
    expect(await retryJob()).toBe(0);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('only the platform admin re-sends from the console: owners of either business hear 403', async () => {
    const ownerEmail = `geschuetzt-${uniqueSuffix()}@pension.example`;
    const change = await createWithOwner(ownerEmail);
    for (const owner of [hotel.owner, cafe.owner]) {
      const cookie = await signIn(t, owner.email);
      const response = await t.inject({
        method: 'POST',
        url: `/api/admin/businesses/${change.business.id}/owners/${change.invitedOwner!.id}/invitation`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'operator_only',
        message: 'Nur der Plattform-Administrator verwaltet Betriebe.',
      });
    }
  });
});

describe('on a server that only logs its mails (MAIL_TRANSPORT=log)', () => {
  it('says the invitation was not sent, never that it was delivered', async () => {
    const logging = await createTestApp({ config: { mailTransport: 'log' } });
    try {
      const admin = (await createPlatformAdmin(logging.database.db)).email;
      const ownerEmail = `inhaber-${uniqueSuffix()}@pension.example`;
      const business = await createWithOwner(ownerEmail, logging, await signIn(logging, admin));
      // The answer already says it: the mail is written to the log before the answer.
      expect(business.invitedOwner?.delivery).toBe('logged');
      await logging.afterAnswer.settled();
      expect(logging.printedMails.join('\n')).toContain('MAIL_TRANSPORT=log, nicht versendet');
      const overview = await logging.inject({
        method: 'GET',
        url: `/api/admin/businesses/overview?search=${encodeURIComponent(ownerEmail)}`,
        headers: { cookie: await signIn(logging, admin) },
      });
      const row = overview
        .json<BusinessOverview>()
        .items.find((item) => item.id === business.business.id);
      expect(row?.owners.find((owner) => owner.email === ownerEmail)?.delivery).toBe('logged');
    } finally {
      await logging.close();
    }
  });
});
