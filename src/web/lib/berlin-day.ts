/**
 * Day boundaries of the dashboard: the businesses are in Germany, so 'Heute' starts at midnight
 * Europe/Berlin whatever time zone the phone is set to (the server counts days the same way).
 */
export const DAY_TIME_ZONE = 'Europe/Berlin';

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: DAY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function wallClock(at: number): { y: number; m: number; d: number; utc: number } {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const y = parts.year ?? 1970;
  const m = parts.month ?? 1;
  const d = parts.day ?? 1;
  return { y, m, d, utc: Date.UTC(y, m - 1, d, parts.hour ?? 0, parts.minute, parts.second) };
}

/** How far Berlin's wall clock is ahead of UTC at a moment (1 h in winter, 2 h in summer). */
function offsetAt(at: number): number {
  const whole = Math.floor(at / 1000) * 1000;
  return wallClock(whole).utc - whole;
}

/** The moment Berlin's wall clock shows 00:00 on a calendar day (UTC fields y, m0, d). */
function berlinMidnight(y: number, monthIndex: number, day: number): Date {
  const wall = Date.UTC(y, monthIndex, day);
  // Twice, so a day that starts on the other side of a summer-time switch is still exact.
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/** Start of the Berlin day a moment falls in. */
export function startOfBerlinDay(now: Date = new Date()): Date {
  const { y, m, d } = wallClock(now.getTime());
  return berlinMidnight(y, m - 1, d);
}

/** Start of the next Berlin day after a moment. */
export function nextBerlinMidnight(now: Date = new Date()): Date {
  const { y, m, d } = wallClock(now.getTime());
  return berlinMidnight(y, m - 1, d + 1);
}
