/**
 * Day boundaries of the dashboard: the businesses are in Germany, so 'Heute' starts at midnight
 * Europe/Berlin whatever time zone the phone is set to (the server counts days the same way).
 * The one Berlin time helper lives in src/shared (decision 0372).
 */
export { nextBerlinMidnight, startOfBerlinDay } from '../../shared/domain/berlin-day';
