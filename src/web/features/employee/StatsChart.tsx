import type { EmployeeStatsResponse } from '../../../shared/api/employee';
import { useStaffFormat, useStaffTexts } from '../../lib/staff-language';
import { staffPanelsPart } from '../../../shared/i18n/staff-panels';

const WIDTH = 640;
const HEIGHT = 180;
const GAP = 2;

/**
 * Tips per day as bars, drawn as SVG (no chart library: one screen needs one simple chart).
 * Screen readers get a summary and the same numbers as a table.
 */
export function StatsChart({ days }: { days: EmployeeStatsResponse['days'] }) {
  const t = useStaffTexts(staffPanelsPart).employee;
  const { cents: formatCents, date: formatDate } = useStaffFormat();
  const max = Math.max(1, ...days.map((day) => day.totalCents));
  const barWidth = days.length > 0 ? WIDTH / days.length : WIDTH;
  const total = days.reduce((sum, day) => sum + day.totalCents, 0);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium">{t.stats.chartTitle}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-44 w-full text-primary"
        role="img"
        aria-label={t.stats.chartSummary(days.length, formatCents(total))}
        preserveAspectRatio="none"
      >
        {days.map((day, index) => {
          const height = Math.round((day.totalCents / max) * (HEIGHT - 4));
          return (
            <rect
              key={day.date}
              x={index * barWidth + GAP / 2}
              y={HEIGHT - height}
              width={Math.max(1, barWidth - GAP)}
              height={height}
              rx={2}
              className="fill-current"
            >
              <title>{`${formatDate(`${day.date}T12:00:00Z`)}: ${formatCents(day.totalCents)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{days[0] ? formatDate(`${days[0].date}T12:00:00Z`) : ''}</span>
        <span>{days.at(-1) ? formatDate(`${days.at(-1)!.date}T12:00:00Z`) : ''}</span>
      </div>
      <table className="sr-only">
        <caption>{t.stats.chartTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{t.stats.date}</th>
            <th scope="col">{t.stats.amount}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{formatDate(`${day.date}T12:00:00Z`)}</td>
              <td>{formatCents(day.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
