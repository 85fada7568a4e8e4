import { useEffect, useState } from 'react';
import { nextBerlinMidnight, startOfBerlinDay } from '../../lib/berlin-day';

/**
 * The start of today in Europe/Berlin, moving on by itself at midnight: a timer waits for the
 * next midnight, and returning to the page (a phone that slept, a throttled background tab)
 * checks again, so 'Heute' never shows yesterday.
 */
export function useBerlinDay(): Date {
  const [day, setDay] = useState(() => startOfBerlinDay());
  useEffect(() => {
    const check = () =>
      setDay((current) => {
        const start = startOfBerlinDay();
        return start.getTime() === current.getTime() ? current : start;
      });
    // One timer per day (re-armed by the new day); armed again if it fired a moment too early.
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      timer = setTimeout(
        () => {
          if (startOfBerlinDay().getTime() === day.getTime()) arm();
          else check();
        },
        Math.max(0, nextBerlinMidnight(day).getTime() - Date.now()),
      );
    };
    arm();
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [day]);
  return day;
}
