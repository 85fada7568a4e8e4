import { employeeTexts } from './employee';
import { replyTexts } from './employee-replies';
import type { StaffCataloguePart } from './staff-catalogue';
import type { Translation } from './translation';

/**
 * The German texts of the staff dashboard itself (its tabs, tips, messages, replies and payout
 * section): a part of the staff catalogue the dashboard's components pass,
 * `useStaffTexts(staffDashboardPart)`. The admin console's first load shares the staff core with
 * the staff screens and does not carry these (decision 0410). English has them in its one
 * catalogue (`staff-en.ts`), which is loaded whole.
 */
export const staffDashboardTextsDe = {
  employee: employeeTexts,
  replies: replyTexts,
} as const;

export type StaffDashboardTexts = Translation<typeof staffDashboardTextsDe>;

export const staffDashboardPart: StaffCataloguePart<StaffDashboardTexts> = {
  de: staffDashboardTextsDe,
};
