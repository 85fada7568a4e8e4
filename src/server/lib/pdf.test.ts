import { describe, expect, it } from 'vitest';
import { fitText, pdfDocument, pdfString } from './pdf';

describe('pdf writer', () => {
  it('writes strings in WinAnsi with escapes, and ? for what Helvetica cannot show', () => {
    expect([...pdfString('Grüße (5 €) \\ ok')]).toEqual([
      ...Buffer.from('(Gr\u00fc\u00dfe \\(5 \x80\\) \\\\ ok)', 'latin1'),
    ]);
    expect(pdfString('日本').toString('latin1')).toBe('(??)');
  });

  it('cuts text that does not fit with an ellipsis', () => {
    expect(fitText('Kurz', 100, 8)).toBe('Kurz');
    const cut = fitText('Ein sehr langer Name eines Bezahlpunkts an der Rezeption', 60, 8);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThan(20);
  });

  it('points every xref entry at its object', async () => {
    async function* pages() {
      yield { texts: [{ x: 40, y: 40, text: 'Seite eins' }] };
      yield { texts: [{ x: 40, y: 40, text: 'Seite zwei' }] };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of pdfDocument(pages(), { title: 'Prüfung' })) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    const offsets = text
      .slice(xref)
      .split('\n')
      .filter((line) => / 00000 n $/.test(line))
      .map((line) => Number(line.slice(0, 10)));
    offsets.forEach((offset, index) => {
      expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true);
    });
    expect(text).toContain('/Count 2');
  });
});
