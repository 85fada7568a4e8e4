import { randomUUID } from 'node:crypto';
import { splitReason } from '../../src/shared/domain/team-split';
import type { Executor } from '../../src/server/db/connect';
import { payouts, qrCodes, tipAllocations } from '../../src/server/db/schema';
import { createTip, type TipOptions, uniqueSuffix } from './factories';

/**
 * What an employee receives besides direct tips (test/support/factories.ts `createTip`): shares
 * of team tips and the payouts that carry them, and the legacy QR codes of the old app.
 *
 *   const payout = await createPayout(db, { businessId, employeeId: ben.id, status: 'paid' });
 *   await createTeamTip(db, { businessId, teamId, shares: [{ profileId: ben.id, amountCents: 600, payout }] });
 */

export interface PayoutOptions {
  businessId: string;
  employeeId: string;
  /** What the transfer carried (positive; default 10 €). Tests of shares need not sum it up. */
  amountCents?: number;
  /** 'paid' (default): the transfer went out; 'pending': the payout job has not run it yet. */
  status?: 'pending' | 'paid' | 'failed';
  processedAt?: Date;
  createdAt?: Date;
}

export type FactoryPayout = typeof payouts.$inferSelect;

/** One payout to one employee, as the payout job leaves it. */
export async function createPayout(db: Executor, options: PayoutOptions): Promise<FactoryPayout> {
  const status = options.status ?? 'paid';
  const processedAt = status === 'paid' ? (options.processedAt ?? new Date()) : null;
  const [row] = await db
    .insert(payouts)
    .values({
      businessId: options.businessId,
      employeeId: options.employeeId,
      batchId: randomUUID(),
      amountCents: options.amountCents ?? 1000,
      status,
      provider: 'demo',
      providerTransferId: status === 'paid' ? `tr_test_${uniqueSuffix()}${uniqueSuffix()}` : null,
      idempotencyKey: `payout:test:${uniqueSuffix()}${uniqueSuffix()}`,
      createdAt: options.createdAt ?? processedAt ?? new Date(),
      processedAt,
    })
    .returning();
  return row!;
}

export interface TeamShareOptions {
  profileId: string;
  amountCents: number;
  /** The payout that carries this share (none: it waits for the next payout run). */
  payout?: Pick<FactoryPayout, 'id'>;
}

export interface TeamTipOptions extends Omit<TipOptions, 'teamId' | 'employeeId'> {
  teamId: string;
  /** Each member's part; the tip's amount is their sum unless given. */
  shares: TeamShareOptions[];
}

/**
 * A paid team tip split among members as settlement leaves it: the tip (to the team, no single
 * employee) and one allocation per member.
 */
export async function createTeamTip(db: Executor, options: TeamTipOptions) {
  const { shares, ...tipOptions } = options;
  const amountCents = options.amountCents ?? shares.reduce((sum, s) => sum + s.amountCents, 0);
  const tip = await createTip(db, { ...tipOptions, amountCents, employeeId: null });
  const members = shares.length;
  const allocations = await db
    .insert(tipAllocations)
    .values(
      shares.map((share) => ({
        tipId: tip.id,
        profileId: share.profileId,
        amountCents: share.amountCents,
        reason: splitReason('equal', { members, weight: 1, weightSum: members }),
        payoutId: share.payout?.id ?? null,
        createdAt: tip.createdAt,
      })),
    )
    .returning();
  return { tip, allocations };
}

/** A QR code of the old app (table qr_codes) for one employee. */
export async function createLegacyQrCode(
  db: Executor,
  options: { businessId: string; employeeId: string; code?: string; createdAt?: Date },
) {
  const [row] = await db
    .insert(qrCodes)
    .values({
      code: options.code ?? `qr-test-${uniqueSuffix()}`,
      employeeId: options.employeeId,
      businessId: options.businessId,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  return row!;
}
