import { useId } from 'react';
import type { StatsPeriod } from '../../../shared/domain/constants';
import { cn } from '../../lib/cn';
import { useStaffTexts } from '../../lib/staff-language';
import { staffPanelsPart } from '../../../shared/i18n/staff-panels';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

const PERIODS: StatsPeriod[] = ['day', 'week', 'month'];

/** Letzter Tag · Letzte 2 Wochen · Letzter Monat, as a radio group. */
export function PeriodSelect({
  value,
  onChange,
  label,
}: {
  value: StatsPeriod;
  onChange: (period: StatsPeriod) => void;
  label?: string;
}) {
  const t = useStaffTexts(staffDashboardPart, staffPanelsPart).employee;
  const legend = label ?? t.stats.period;
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{legend}</legend>
      {PERIODS.map((period) => (
        <label
          key={period}
          className={cn(
            'cursor-pointer rounded-full border px-3 py-1.5 text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            value === period
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-border hover:bg-muted',
          )}
        >
          <input
            type="radio"
            name={name}
            value={period}
            checked={value === period}
            onChange={() => onChange(period)}
            className="sr-only"
          />
          {t.periods[period]}
        </label>
      ))}
    </fieldset>
  );
}
