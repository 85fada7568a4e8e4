/** Limits of the guest receipt and the employee's reply (decision 0144). */

/** The address pattern of spec §5 (something@something.tld, no spaces), without zod for the guest bundle. */
export const RECEIPT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const RECEIPT_EMAIL_MAX_LENGTH = 254;
/** An employee's reply to a guest, like the guest's own message. */
export const REPLY_MAX_LENGTH = 200;
/** How long a guest's opt-in address for the reply mail is kept at most. */
export const REPLY_ADDRESS_DAYS = 30;
/** Receipts per tip within a day: a typo may be corrected, a mailbox not flooded. */
export const RECEIPTS_PER_TIP_PER_DAY = 3;
