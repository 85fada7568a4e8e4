import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from '../../../shared/domain/audit-presenter';
import { AuditEntryDetails } from './AuditEntryDetails';

const TIP = '7b1d2c3e-2222-4222-8222-222222222222';
const PERSON = '5f0c8a1e-1111-4111-8111-111111111111';

/** The markup's text, and the text of one element picked by its test id. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const part = (html: string, testId: string) =>
  textOf(new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(p|div)>`).exec(html)?.[1] ?? '');

describe('the details of an audit row', () => {
  const description = describeAuditEntry({
    action: 'pool_tip_assign',
    targetType: 'tip',
    targetId: TIP,
    payload: { profileId: PERSON, personName: 'Anna Schneider', amountCents: 1500 },
  });
  const html = renderToString(<AuditEntryDetails description={description} />);

  it('reads as a German sentence without ids', () => {
    expect(part(html, 'audit-sentence').replace(/\u00a0/g, ' ')).toBe(
      'Trinkgeld über 15,00 € aus dem Pool an Anna Schneider gegeben.',
    );
    expect(part(html, 'audit-sentence')).not.toContain(TIP.slice(0, 8));
  });

  it('keeps each id as a small reference with a button that copies it', () => {
    const references = part(html, 'audit-references');
    expect(references).toContain('Referenz');
    expect(references).toContain(`Trinkgeld ${TIP.slice(0, 8)}…`);
    expect(references).toContain(`Person ${PERSON.slice(0, 8)}…`);
    expect(html).toContain(`aria-label="Referenz Trinkgeld ${TIP} kopieren"`);
    expect(html).toContain(`aria-label="Referenz Person ${PERSON} kopieren"`);
  });

  it('shows no reference line for a row without ids', () => {
    const page = describeAuditEntry({
      action: 'admin_navigation',
      targetType: 'page',
      targetId: '/admin/dashboard',
      payload: { destination: '/admin/dashboard' },
    });
    const markup = renderToString(<AuditEntryDetails description={page} />);
    expect(markup).not.toContain('audit-references');
    expect(part(markup, 'audit-sentence')).toBe('Seite „Dashboard“ geöffnet.');
  });
});
