import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  createBusiness,
  FACTORY_PASSWORD,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import { AUTH_RATE_RULES } from './limits';
import { hashIdentifier } from './tokens';
import { freshIp } from '../../../../test/support/addresses';
import { findToken } from '../../../../test/support/mail-links';

/**
 * An outsider must not be able to keep a person from signing in. The OWASP
 * device-cookie design all the way: a valid device cookie for the account passes the per-account
 * and the per-address limits; the per-address limit counts only failures; a person's own
 * magic-link request is never refused because of requests others made for that address (the
 * mails sent are limited, not the asking).
 */
let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 3 });
  cafe = await createBusiness(t.database.db, { employees: 2 });
});
afterAll(async () => {
  await t.close();
});

const ipKey = (ip: string) => hashIdentifier(t.config.sessionSecret, `ip:${ip}`);
const signIn = (email: string, password: string, ip: string, device?: string) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: ip,
    ...(device ? { cookies: { trinkgeld_device: device } } : {}),
  });
const magicLink = (email: string, ip: string) =>
  t.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email }, remoteAddress: ip });

async function deviceOf(email: string): Promise<string> {
  const first = await signIn(email, FACTORY_PASSWORD, freshIp());
  expect(first.statusCode).toBe(200);
  return first.cookies.find((cookie) => cookie.name === 'trinkgeld_device')!.value;
}

function linksTo(email: string): string[] {
  return t.printedMails
    .filter((mail) => mail.includes(`An: ${email}`))
    .map((mail) => findToken(mail))
    .filter((token): token is string => Boolean(token));
}

async function waitForLinks(email: string, count: number): Promise<string[]> {
  // Links are mailed after the answer: once that work has settled, every one is printed.
  await t.afterAnswer.settled();
  const links = linksTo(email);
  if (links.length < count) {
    throw new Error(`expected ${count} links to ${email}, got ${links.length}`);
  }
  return links;
}

describe('an outsider cannot keep a person from signing in', () => {
  it('a guest Wi-Fi full of wrong sign-ins leaves the staff with their device cookie signing in', async () => {
    const wifi = freshIp();
    const tom = hotel.employees[0]!;
    const device = await deviceOf(tom.email);
    // Sixty wrong sign-ins for unknown accounts from the shared address (counted directly;
    // hashing sixty passwords would only make the test slow) and one through the endpoint.
    for (let i = 1; i < 60; i += 1) {
      await t.app.rateLimiter.consume(AUTH_RATE_RULES.loginPerIp, ipKey(wifi));
    }
    expect((await signIn('niemand@example.test', 'falsch-falsch', wifi)).statusCode).toBe(429);
    // Tom's own browser passes the address's limit.
    expect((await signIn(tom.email, FACTORY_PASSWORD, wifi, device)).statusCode).toBe(200);
  });

  it('successful sign-ins do not count against a shared address', async () => {
    const lobby = freshIp();
    for (let i = 1; i < AUTH_RATE_RULES.loginPerIp.limit; i += 1) {
      await t.app.rateLimiter.consume(AUTH_RATE_RULES.loginPerIp, ipKey(lobby));
    }
    // The 50th attempt is a success, so the address has room for the next colleague.
    expect((await signIn(hotel.employees[1]!.email, FACTORY_PASSWORD, lobby)).statusCode).toBe(200);
    expect((await signIn(hotel.employees[2]!.email, FACTORY_PASSWORD, lobby)).statusCode).toBe(200);
  });

  it('35 wrong passwords from seven addresses leave the person’s own device signing in', async () => {
    const tom = cafe.employees[0]!;
    const device = await deviceOf(tom.email);
    const accountKey = hashIdentifier(t.config.sessionSecret, `email:${tom.email}`);
    for (let i = 0; i < 35; i += 1) {
      await t.app.rateLimiter.consume(AUTH_RATE_RULES.loginPerAccount, accountKey);
    }
    expect((await signIn(tom.email, FACTORY_PASSWORD, freshIp())).statusCode).toBe(429);
    expect((await signIn(tom.email, FACTORY_PASSWORD, freshIp(), device)).statusCode).toBe(200);
  });

  it('magic-link requests by others never refuse the person’s own; the latest link works', async () => {
    const lena = cafe.employees[1]!;
    for (const ip of [freshIp(), freshIp(), freshIp()]) {
      expect((await magicLink(lena.email, ip)).statusCode).toBe(202);
    }
    const sent = await waitForLinks(lena.email, 3);
    // Lena asks herself, again and again: the same answer every time, and no more mails.
    for (let i = 0; i < 3; i += 1) {
      expect((await magicLink(lena.email, freshIp())).statusCode).toBe(202);
    }
    await t.afterAnswer.settled();
    expect(linksTo(lena.email)).toHaveLength(3);
    // A newer link voids the older ones; the newest one signs her in.
    const verify = (token: string) =>
      t.inject({
        method: 'POST',
        url: '/api/auth/magic-link/verify',
        payload: { token },
        remoteAddress: freshIp(),
      });
    expect((await verify(sent[0]!)).statusCode).toBe(400);
    expect((await verify(sent[2]!)).statusCode).toBe(200);
  });
});
