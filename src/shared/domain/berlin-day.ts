import { BUSINESS_TIME_ZONE } from './constants';

/**
 * Berlin calendar days from the platform's own time zone data (Intl), without a date library:
 * the staff dashboard needs 'today' on its first screen, and the library that also does wall
 * times (berlin-time.ts, decision 0372) is 6 KB of its first load.
 */
const dayParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function berlinClock(instant: Date) {
  const parts = Object.fromEntries(
    dayParts.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The Berlin calendar day (YYYY-MM-DD) a moment falls on. */
export function berlinDay(instant: Date): string {
  return berlinClock(instant).day;
}

const HOUR_MS = 3_600_000;

/** The moment Berlin's clock shows 00:00 on the day a moment falls on. */
export function startOfBerlinDay(now: Date = new Date()): Date {
  const day = berlinClock(now).day;
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Berlin is UTC+1 in winter and UTC+2 in summer; its clocks switch at 02:00/03:00, so
  // midnight exists exactly once and is one of these two moments.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(utcMidnight - offsetHours * HOUR_MS);
    const clock = berlinClock(candidate);
    if (clock.day === day && clock.time === '00:00') return candidate;
  }
  throw new Error(`Berlin midnight of ${day} not found`);
}

/** The moment of the next Berlin midnight after a moment (23 or 25 hours on switch days). */
export function nextBerlinMidnight(now: Date = new Date()): Date {
  // 25 hours after today's midnight is always on the next day, at most at its midnight.
  return startOfBerlinDay(new Date(startOfBerlinDay(now).getTime() + 25 * HOUR_MS));
}
