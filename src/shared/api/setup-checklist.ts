import { z } from 'zod';

/**
 * The set-up checklist of a new business (decision 0328): `GET
 * /api/admin/setup-checklist` answers each item ticked from the business's data, with the page
 * that does it. The dashboard shows the card 'Einrichtung' while `show` is true.
 */
export const SETUP_ITEM_KEYS = ['branding', 'paymentPoint', 'staff', 'payout', 'testTip'] as const;
export type SetupItemKey = (typeof SETUP_ITEM_KEYS)[number];

/**
 * A second state an item's text names: a payment point exists but its QR code was never
 * downloaded or printed; payouts are simulated (demo provider: the item is done); no payment
 * point yet to pay a test tip at.
 */
export const SETUP_ITEM_NOTES = ['qr_missing', 'demo_payouts', 'no_point_yet'] as const;
export type SetupItemNote = (typeof SETUP_ITEM_NOTES)[number];

export const setupChecklistItemSchema = z.object({
  key: z.enum(SETUP_ITEM_KEYS),
  done: z.boolean(),
  /** The page that does it; the test tip's is the guest page of the first payment point. */
  href: z.string(),
  /** True when `href` is a guest page (opened in a new tab), not an admin page. */
  guestPage: z.boolean(),
  note: z.enum(SETUP_ITEM_NOTES).nullable(),
});
export type SetupChecklistItem = z.infer<typeof setupChecklistItemSchema>;

export const setupChecklistSchema = z.object({
  /** Whether the dashboard shows the card: not hidden, and not every item done. */
  show: z.boolean(),
  dismissed: z.boolean(),
  doneCount: z.number().int().min(0),
  total: z.number().int().min(0),
  items: z.array(setupChecklistItemSchema),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
