import type { Readable } from 'node:stream';
import { PAYROLL_NOTE } from '../../../shared/api/payroll';
import { TEAM_SPLIT_RULE_LABELS } from '../../../shared/domain/team-split';
import type { Database } from '../../db/connect';
import { A4, createPdf, printable } from '../../lib/pdf-document';
import { CSV_BOM, csvField, euros } from './csv';
import { reportRows } from './queries';
import { type PayrollFigure, payrollRows } from './queries/payroll';

interface Figure {
  count: number;
  cents: number;
}

export interface PayrollLine {
  profileId: string;
  name: string;
  email: string;
  direct: Figure;
  team: Figure;
  pool: Figure;
  /** The person's total of the month as the report gives it (direct tips and all shares). */
  totalCents: number;
  payouts: Figure;
}

export interface PayrollStatement {
  month: string;
  from: string;
  to: string;
  lines: PayrollLine[];
  sums: Omit<PayrollLine, 'profileId' | 'name' | 'email'>;
  rules: string[];
}

/** The first and last day of a month 'YYYY-MM'. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

const GERMAN_MONTH = new Intl.DateTimeFormat('de-DE', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
export const germanMonth = (month: string) =>
  GERMAN_MONTH.format(new Date(`${month}-15T12:00:00Z`));

const RULE_LABELS: Record<string, string> = {
  ...TEAM_SPLIT_RULE_LABELS,
  pool_hours: 'aus dem Pool nach Arbeitsstunden verteilt',
};

const none = (): Figure => ({ count: 0, cents: 0 });
const add = (a: Figure, b: Figure): Figure => ({
  count: a.count + b.count,
  cents: a.cents + b.cents,
});

/**
 * The month's statement of a business (decision 0670): per person the direct
 * tips, team and shift shares, pool shares and payouts, and the total the report gives for them
 * (its own query, so the statement and the report agree to the cent).
 */
export async function payrollStatement(
  database: Database,
  businessId: string,
  month: string,
): Promise<PayrollStatement> {
  const { from, to } = monthRange(month);
  const [report, rows] = [
    await reportRows(database, businessId, from, to),
    await payrollRows(database, businessId, from, to),
  ];
  const byPerson = new Map<string, PayrollLine>();
  const names = new Map(rows.people.map((p) => [p.id, p]));
  const lineOf = (profileId: string) => {
    let line = byPerson.get(profileId);
    if (!line) {
      const person = names.get(profileId);
      line = {
        profileId,
        name: person?.full_name?.trim() || person?.email || 'Unbekannt',
        email: person?.email ?? '',
        direct: none(),
        team: none(),
        pool: none(),
        totalCents: 0,
        payouts: none(),
      };
      byPerson.set(profileId, line);
    }
    return line;
  };
  const put = (figures: PayrollFigure[], key: 'direct' | 'team' | 'pool' | 'payouts') => {
    for (const row of figures) {
      const line = lineOf(row.profile_id);
      line[key] = add(line[key], { count: row.n, cents: row.amount_cents });
    }
  };
  put(rows.direct, 'direct');
  put(rows.teamShares, 'team');
  put(rows.poolShares, 'pool');
  put(rows.payouts, 'payouts');
  for (const figure of report.byEmployee) {
    if (byPerson.has(figure.id)) lineOf(figure.id).totalCents = figure.amount_cents;
  }
  const lines = [...byPerson.values()].sort((a, b) => a.name.localeCompare(b.name, 'de'));
  const sums = lines.reduce(
    (total, line) => ({
      direct: add(total.direct, line.direct),
      team: add(total.team, line.team),
      pool: add(total.pool, line.pool),
      totalCents: total.totalCents + line.totalCents,
      payouts: add(total.payouts, line.payouts),
    }),
    { direct: none(), team: none(), pool: none(), totalCents: 0, payouts: none() },
  );
  const rules = [
    'Direkte Trinkgelder: ganz an die Person, an die der Gast gegeben hat.',
    ...rows.teams.map(
      (team) => `Team „${team.name}“: ${RULE_LABELS[team.split_rule] ?? team.split_rule}.`,
    ),
    'Tische und Objekte: an die Person im Dienst (mehrere nach der Regel ihres Teams), sonst an das Team, sonst in den Pool.',
    'Pool: vom Betrieb einzelnen Personen zugewiesen oder nach Arbeitsstunden verteilt.',
  ];
  return { month, from, to, lines, sums, rules };
}

const HEADER = [
  'Person',
  'E-Mail',
  'Direkte Trinkgelder (Anzahl)',
  'Direkte Trinkgelder (EUR)',
  'Teamanteile (Anzahl)',
  'Teamanteile (EUR)',
  'Poolanteile (Anzahl)',
  'Poolanteile (EUR)',
  'Summe (EUR)',
  'Auszahlungen (Anzahl)',
  'Ausgezahlt (EUR)',
];

const csvRow = (cells: string[]) => `${cells.map((cell) => csvField(cell)).join(';')}\r\n`;

/** The statement as CSV: UTF-8 with BOM, ';', German numbers (as the report's export). */
export function payrollCsv(statement: PayrollStatement): string {
  const figures = (line: Omit<PayrollLine, 'profileId' | 'name' | 'email'>) => [
    String(line.direct.count),
    euros(line.direct.cents),
    String(line.team.count),
    euros(line.team.cents),
    String(line.pool.count),
    euros(line.pool.cents),
    euros(line.totalCents),
    String(line.payouts.count),
    euros(line.payouts.cents),
  ];
  return (
    CSV_BOM +
    csvRow([`Trinkgeld-Übersicht für die Lohnbuchhaltung – ${germanMonth(statement.month)}`]) +
    csvRow(HEADER) +
    statement.lines.map((line) => csvRow([line.name, line.email, ...figures(line)])).join('') +
    csvRow(['Summe', '', ...figures(statement.sums)]) +
    csvRow([]) +
    csvRow([PAYROLL_NOTE]) +
    csvRow(['Geltende Verteilregeln:']) +
    statement.rules.map((rule) => csvRow([rule])).join('')
  );
}

const money = (cents: number) => `${euros(cents).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`;
const pair = (figure: Figure) => `${figure.count} · ${money(figure.cents)}`;

/** The statement as a PDF (A4): one line per person, the sums, the note and the rules. */
export function payrollPdf(statement: PayrollStatement, businessName: string): Readable {
  const title = 'Trinkgeld-Übersicht für die Lohnbuchhaltung';
  const doc = createPdf({ title: `${title} – ${germanMonth(statement.month)}` });
  const left = 40;
  const right = A4.width - 40;
  const bottom = A4.height - 50;
  const widths = [140, 70, 70, 70, 65, 100];
  const titles = ['Person', 'Direkt', 'Teamanteile', 'Poolanteile', 'Summe', 'Ausgezahlt'];
  let y = 0;
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(8);
    const height = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(printable(cell), { width: widths[i]! - 4 })),
    );
    if (y + height > bottom) page();
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(printable(cell), x, y, { width: widths[i]! - 4, align: i === 0 ? 'left' : 'right' });
      x += widths[i]!;
    });
    y += height + 4;
  };
  const page = () => {
    doc.addPage();
    doc
      .font('bold')
      .fontSize(14)
      .text(printable(title), left, 40, { width: right - left });
    doc
      .font('regular')
      .fontSize(9)
      .text(printable(`${germanMonth(statement.month)} · ${businessName}`), left, doc.y + 4);
    y = doc.y + 14;
    row(titles, true);
    doc
      .moveTo(left, y - 2)
      .lineTo(right, y - 2)
      .lineWidth(0.5)
      .stroke('#000000');
  };
  page();
  for (const line of statement.lines) {
    row([
      line.name,
      pair(line.direct),
      pair(line.team),
      pair(line.pool),
      money(line.totalCents),
      pair(line.payouts),
    ]);
  }
  doc
    .moveTo(left, y - 2)
    .lineTo(right, y - 2)
    .lineWidth(0.5)
    .stroke('#000000');
  const { sums } = statement;
  row(
    [
      'Summe',
      pair(sums.direct),
      pair(sums.team),
      pair(sums.pool),
      money(sums.totalCents),
      pair(sums.payouts),
    ],
    true,
  );
  y += 10;
  const paragraph = (text: string, bold = false) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(8);
    const height = doc.heightOfString(printable(text), { width: right - left });
    if (y + height > bottom) page();
    doc.text(printable(text), left, y, { width: right - left });
    y += height + 4;
  };
  paragraph('Anzahl · Betrag. Summe: direkte Trinkgelder und alle Anteile, wie im Bericht.');
  paragraph(PAYROLL_NOTE);
  paragraph('Geltende Verteilregeln', true);
  for (const rule of statement.rules) paragraph(`– ${rule}`);
  doc.end();
  return doc as unknown as Readable;
}
