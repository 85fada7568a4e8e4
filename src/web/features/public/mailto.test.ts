import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';

describe('mailtoHref', () => {
  it('links the bare address without parameters', () => {
    expect(mailtoHref('kontakt@trinkgeld.example')).toBe('mailto:kontakt@trinkgeld.example');
  });

  it('encodes subject and body, with CRLF line breaks and umlauts', () => {
    expect(mailtoHref('a@b.example', 'Anfrage Größe & Preis', 'Hallo\nTschüss')).toBe(
      'mailto:a@b.example?subject=Anfrage%20Gr%C3%B6%C3%9Fe%20%26%20Preis&body=Hallo%0D%0ATsch%C3%BCss',
    );
  });
});
