import { describe, expect, it } from 'vitest';
import { colour, createPdf, fitSize, printable } from './pdf-document';

describe('pdf document helpers', () => {
  it('keeps German text and replaces only what the Latin font cannot show', () => {
    expect(printable('Grüße „Jörg“ – 5 € …')).toBe('Grüße „Jörg“ – 5 € …');
    expect(printable('Şükrü')).toBe('Sükrü');
    expect(printable('日本')).toBe('??');
  });

  it('shrinks a long line to fit, and wraps instead of cutting below the smallest size', () => {
    const doc = createPdf({ title: 'Prüfung' });
    doc.addPage();
    expect(fitSize(doc, 'Kurz', { width: 400, size: 22, min: 14, lines: 1 })).toBe(22);
    const long = 'Maximiliane Alexandra von Hohenzollern-Sigmaringen-Württemberg';
    const size = fitSize(doc, long, { width: 600, size: 22, min: 14, lines: 1 });
    expect(size).toBeLessThan(22);
    expect(size).toBeGreaterThanOrEqual(14);
    doc.fontSize(size);
    expect(doc.widthOfString(long)).toBeLessThanOrEqual(600);
    expect(fitSize(doc, long.repeat(3), { width: 400, size: 22, min: 14, lines: 1 })).toBe(14);
    doc.end();
  });

  it('takes hex colours and falls back on anything else', () => {
    expect(colour('#7A1F3D', '#000000')).toBe('#7a1f3d');
    expect(colour('#abc', '#000000')).toBe('#aabbcc');
    expect(colour('red', '#003057')).toBe('#003057');
    expect(colour(null, '#003057')).toBe('#003057');
  });
});
