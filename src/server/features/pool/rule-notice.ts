import type { Readable } from 'node:stream';
import { auditPersonName } from '../../../shared/domain/audit-events';
import { berlinDay } from '../../../shared/domain/berlin-day';
import { POINTS_MILLI_DEFAULT, pointsByRole } from '../../../shared/domain/hours-split';
import { germanDay, noticePdf } from '../../lib/notice-pdf';
import { businessForNotice, listStaffPoints, poolDistributionSpan } from './queries';
import type { PoolContext, PoolScope } from './service';

/**
 * The pool's rule as a one-page notice for the staff room (decision 0660). The pool has no
 * stored rule: once the business has used 'Pool verteilen' it is distributed by hours (since
 * the first distribution), before that by hand (since the business began).
 */
export async function poolRuleNotice(context: PoolContext, scope: PoolScope): Promise<Readable> {
  const db = context.database.db;
  const [business, span, staff] = await Promise.all([
    businessForNotice(db, scope.businessId),
    poolDistributionSpan(db, scope.businessId),
    listStaffPoints(db, scope.businessId),
  ]);
  const what =
    'Was geteilt wird: Trinkgelder, die niemanden direkt erreichen (niemand im Dienst am Zahlpunkt, kein Team im Dienstplan). Sie gehören vollständig den Beschäftigten; der Betrieb verwahrt sie nur und gibt sie weiter.';
  const byHand =
    'Die Betriebsleitung kann einzelne Trinkgelder aus dem Pool auch von Hand einer Person zuweisen; jede Zuweisung wird im Protokoll festgehalten.';
  const paragraphs = span.first
    ? [
        what,
        'Verteilt nach Arbeitsstunden laut Dienstplan: für einen gewählten Tag oder eine Woche wird das wartende Geld unter allen geteilt, die in dieser Zeit gearbeitet haben, nach ihren Stunden mal ihren Punkten, auf den Cent genau. Vor jeder Verteilung zeigt eine Vorschau jeden Anteil.',
        `Punkte je Rolle: ${
          pointsByRole(
            staff.map((person) => ({
              name: auditPersonName(person),
              role: person.role ?? '',
              pointsMilli: person.pointsMilli ?? POINTS_MILLI_DEFAULT,
            })),
          ) || 'noch niemand'
        }.`,
        byHand,
      ]
    : [
        what,
        'Verteilt von Hand: die Betriebsleitung weist jedes Trinkgeld aus dem Pool einer Person zu; jede Zuweisung wird im Protokoll festgehalten und erscheint im Dashboard der Person.',
      ];
  const since = germanDay(berlinDay(span.first ?? business?.createdAt ?? context.clock.now()));
  return noticePdf({
    title: 'Trinkgeld-Pool',
    businessName: business?.name ?? '',
    paragraphs,
    since: `Gültig seit ${since}.`,
    footer: `Ausgedruckt am ${germanDay(berlinDay(context.clock.now()))} · Trinkgeld`,
  });
}
