import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  type InvitationDeliveryState,
  invitationDeliveryState,
} from '../../../shared/domain/invitation-delivery';
import type { Executor } from '../../db/connect';
import { outboxEmails } from '../../db/schema';

export type OutboxRow = typeof outboxEmails.$inferSelect;

/**
 * The delivery state of each invitation's newest mail (outbox_emails_invitation_idx), by
 * invitation id; an invitation without a mail in the outbox is missing from the map.
 */
export async function invitationDeliveries(
  db: Executor,
  invitationIds: readonly string[],
): Promise<Map<string, InvitationDeliveryState>> {
  if (invitationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([outboxEmails.invitationId], {
      invitationId: outboxEmails.invitationId,
      status: outboxEmails.status,
      nextAttemptAt: outboxEmails.nextAttemptAt,
    })
    .from(outboxEmails)
    .where(inArray(outboxEmails.invitationId, [...invitationIds]))
    .orderBy(outboxEmails.invitationId, desc(outboxEmails.seq));
  return new Map(rows.map((row) => [row.invitationId!, invitationDeliveryState(row)]));
}

/**
 * Invitation mails whose next attempt is due, oldest first, locked for this transaction; rows
 * another instance is retrying are skipped (outbox_emails_retry_due_idx).
 */
export async function dueInvitationMails(
  tx: Executor,
  now: Date,
  limit: number,
): Promise<OutboxRow[]> {
  return tx
    .select()
    .from(outboxEmails)
    .where(
      and(
        isNotNull(outboxEmails.invitationId),
        lte(outboxEmails.nextAttemptAt, now),
        sql`${outboxEmails.status} IN ('pending', 'failed')`,
      ),
    )
    .orderBy(outboxEmails.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * No more attempts of the invitation's earlier mails: a fresh one replaces them (a re-send or the
 * retry job's new link), or the invitation is over. A mail still pending counts as failed then.
 */
export async function endInvitationAttempts(tx: Executor, invitationId: string): Promise<void> {
  await tx
    .update(outboxEmails)
    .set({
      nextAttemptAt: null,
      status: sql`CASE WHEN ${outboxEmails.status} = 'pending' THEN 'failed' ELSE ${outboxEmails.status} END`,
    })
    .where(and(eq(outboxEmails.invitationId, invitationId), isNotNull(outboxEmails.nextAttemptAt)));
}

/** The same mail is tried again by this instance now: others leave it alone until `until`. */
export async function claimAttempt(tx: Executor, id: string, until: Date): Promise<void> {
  await tx.update(outboxEmails).set({ nextAttemptAt: until }).where(eq(outboxEmails.id, id));
}

export type NewOutboxRow = typeof outboxEmails.$inferInsert;
/** The columns a delivery attempt changes. */
export type OutboxDeliveryUpdate = Partial<
  Pick<OutboxRow, 'status' | 'sentAt' | 'attempts' | 'lastError' | 'nextAttemptAt'>
>;

/** Stores one outbox mail and returns its id. */
export async function insertOutboxMail(db: Executor, row: NewOutboxRow): Promise<string> {
  const [inserted] = await db.insert(outboxEmails).values(row).returning({ id: outboxEmails.id });
  return inserted!.id;
}

/** The stored mail with this id. */
export async function findOutboxMail(db: Executor, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}

/** Records how a delivery attempt of the mail went. */
export async function updateOutboxMail(
  db: Executor,
  id: string,
  changes: OutboxDeliveryUpdate,
): Promise<void> {
  await db.update(outboxEmails).set(changes).where(eq(outboxEmails.id, id));
}
