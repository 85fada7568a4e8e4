import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineIcon } from './inline-styles';

/** The smallest PNG there is (1x1, transparent): its bytes are what the data URI must carry. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
let webDir: string;

beforeAll(() => {
  webDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-icon-'));
  writeFileSync(path.join(webDir, 'favicon-32.png'), PNG);
});
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

describe('the tip page icon in the HTML (decision 0304)', () => {
  it('becomes a data URI of the built PNG, so the page asks for no icon', () => {
    const html = '<head><link rel="icon" href="/favicon-32.png" type="image/png" /></head>';
    expect(inlineIcon(html, webDir)).toBe(
      `<head><link rel="icon" href="data:image/png;base64,${PNG.toString('base64')}" type="image/png" /></head>`,
    );
  });

  it('stays a link when the file is missing or outside the build', () => {
    for (const href of ['/missing.png', '/../secret.png']) {
      const html = `<link rel="icon" href="${href}" type="image/png" />`;
      expect(inlineIcon(html, webDir)).toBe(html);
    }
  });
});
