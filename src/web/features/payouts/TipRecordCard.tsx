import { useState } from 'react';
import { reportRangeProblem } from '../../../shared/domain/report-messages';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { Input, Label } from '../../components/ui/Field';
import { dayInZone } from '../../../shared/domain/shifts';
import { useStaffTexts } from '../../lib/staff-language';
import { staffPanelsPart } from '../../../shared/i18n/staff-panels';

/**
 * 'Trinkgeld-Nachweis': every tip of the employee in a range (at most three years) as CSV or
 * PDF, downloaded straight from the server, which streams it.
 */
export function TipRecordCard() {
  const t = useStaffTexts(staffPanelsPart).screens.tipRecord;
  const today = dayInZone(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  // The same rules as the server's reportRangeSchema, without zod (decision 0410), said in the
  // staff language.
  const key = reportRangeProblem(from, to);
  const problem = key ? t.problems[key] : null;
  const query = new URLSearchParams({ from, to }).toString();
  const link = (format: 'csv' | 'pdf', label: string) =>
    problem ? (
      <span className="text-sm text-muted-foreground">{label}</span>
    ) : (
      <a
        className="inline-flex h-9 items-center rounded-md border border-border px-3 text-sm font-medium hover:bg-accent"
        href={`/api/employee/record.${format}?${query}`}
        download
        data-testid={`record-${format}`}
      >
        {label}
      </a>
    );
  return (
    <Card data-testid="tip-record">
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="record-from">{t.from}</Label>
            <Input
              id="record-from"
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="record-to">{t.to}</Label>
            <Input
              id="record-to"
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-destructive" data-testid="record-problem">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {link('csv', t.csv)}
          {link('pdf', t.pdf)}
        </div>
      </CardContent>
    </Card>
  );
}
