import { reportRangeSchema } from './reports';

/**
 * The tipping record of one employee: every tip of theirs in a range of
 * Europe/Berlin days, at most three years, as CSV or PDF. Same range rules as /admin/reports.
 */
export const tipRecordQuerySchema = reportRangeSchema;
