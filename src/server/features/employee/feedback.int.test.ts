import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import { signIn } from '../../../../test/support/auth';
import {
  createBusiness,
  createTip,
  type FactoryBusiness,
} from '../../../../test/support/factories';
import type {
  EmployeeTip,
  ThankYouMessages,
  TipPage,
  TodayOverview,
} from '../../../shared/api/employee';

let t: TestApp;
let hotel: FactoryBusiness;
let cafe: FactoryBusiness;
let cookie: string;
let emojiOnlyId: string;
let emojiAndMessageId: string;
let plainId: string;

beforeAll(async () => {
  t = await createTestApp();
  hotel = await createBusiness(t.database.db, { employees: 1 });
  cafe = await createBusiness(t.database.db, { employees: 1 });
  const employee = hotel.employees[0]!;
  const at = new Date(t.clock.now().getTime() - 60_000);
  const base = { businessId: hotel.id, employeeId: employee.id, createdAt: at };
  emojiOnlyId = (await createTip(t.database.db, { ...base, feedbackEmoji: 'clap' })).id;
  emojiAndMessageId = (
    await createTip(t.database.db, {
      ...base,
      feedbackEmoji: 'pray',
      feedbackMessage: 'Super Service',
    })
  ).id;
  plainId = (await createTip(t.database.db, base)).id;
  // The other business's employee got feedback too; it must never show here.
  await createTip(t.database.db, {
    businessId: cafe.id,
    employeeId: cafe.employees[0]!.id,
    feedbackEmoji: 'smile',
    createdAt: at,
  });
  cookie = await signIn(t, employee.email);
});
afterAll(async () => {
  await t.close();
});

const get = async <T>(url: string) => {
  const response = await t.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
};
const byId = (items: EmployeeTip[]) => new Map(items.map((item) => [item.id, item]));

describe("guest feedback in 'Heute' and 'Nachrichten'", () => {
  it('lists an emoji without a message among the thank-you messages and counts it as new', async () => {
    const messages = await get<ThankYouMessages>('/api/employee/messages');
    const items = byId(messages.items);
    expect(items.get(emojiOnlyId)).toMatchObject({ feedbackEmoji: 'clap', feedbackMessage: null });
    expect(items.get(emojiAndMessageId)).toMatchObject({
      feedbackEmoji: 'pray',
      feedbackMessage: 'Super Service',
    });
    expect(items.has(plainId)).toBe(false);
    expect(messages.items).toHaveLength(2);
    expect(messages.newCount).toBe(2);
  });

  it("keeps emoji-only feedback in the 'Nachrichten' history (withMessage)", async () => {
    const page = await get<TipPage>('/api/employee/tips?period=week&withMessage=true');
    expect(page.items.map((item) => item.id).sort()).toEqual(
      [emojiOnlyId, emojiAndMessageId].sort(),
    );
    expect(page.total).toBe(2);
  });

  it("gives 'Heute' the feedback of each tip", async () => {
    const from = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const today = await get<TodayOverview>(`/api/employee/today?from=${from}`);
    const items = byId([...today.paid, ...today.pending]);
    expect(items.get(emojiOnlyId)?.feedbackEmoji).toBe('clap');
    expect(items.get(emojiAndMessageId)?.feedbackMessage).toBe('Super Service');
    expect(items.get(plainId)?.feedbackEmoji).toBeNull();
  });
});
