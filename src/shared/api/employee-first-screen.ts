/**
 * Query keys of the staff dashboard's first answers (decision 0420): today's tips from the start
 * of the Berlin day (as an ISO string) and the thank-you messages. The server files the answers
 * it puts into the dashboard's HTML under these keys; the web app asks for them under the same.
 */
export const employeeFirstScreenKeys = {
  today: (day: string) => ['employee', 'today', day] as const,
  messages: ['employee', 'messages'] as const,
};

/** The API address of today's tips from `day` (the start of the Berlin day). */
export const employeeTodayUrl = (day: Date) =>
  `/api/employee/today?from=${encodeURIComponent(day.toISOString())}`;
