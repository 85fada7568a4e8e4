import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { invoiceNumbers, invoices } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = Omit<typeof invoices.$inferInsert, 'id' | 'number' | 'createdAt'>;

/**
 * The next number of `year`, counted in the caller's transaction: the counter row stays locked
 * until it commits, and a rollback takes the number back, so numbers have no gaps.
 */
export async function nextInvoiceNumber(tx: Executor, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceNumbers)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceNumbers.year,
      set: { lastNumber: sql`${invoiceNumbers.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceNumbers.lastNumber });
  return row!.lastNumber;
}

export async function invoiceOfProviderInvoice(tx: Executor, providerInvoiceId: string) {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.providerInvoiceId, providerInvoiceId));
  return row ?? null;
}

export async function insertInvoice(tx: Executor, row: NewInvoiceRow & { number: string }) {
  const [created] = await tx.insert(invoices).values(row).returning({ id: invoices.id });
  return created!.id;
}

/** The business's invoices, newest first. */
export function listInvoices(db: Executor, businessId: string) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.businessId, businessId))
    .orderBy(desc(invoices.issuedOn), desc(invoices.number));
}

/** One invoice of the business; none for another business's id. */
export async function readInvoice(db: Executor, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.businessId, businessId), eq(invoices.id, id)));
  return row ?? null;
}
