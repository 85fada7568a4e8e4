import { describe, expect, it } from 'vitest';
import { firstViewWhole, holdRenderForFirstView } from './first-view';

describe('holdRenderForFirstView', () => {
  it('puts one render-blocking expect link for the given id at the end of the head', () => {
    const html = holdRenderForFirstView(
      '<html><head><title>x</title></head><body><div id="root"></div><script id="data"></script></body></html>',
      'data',
    );
    expect(html).toContain('<link rel="expect" href="#data" blocking="render" />\n  </head>');
    expect(html.match(/rel="expect"/g)).toHaveLength(1);
    expect(html.indexOf('rel="expect"')).toBeLessThan(html.indexOf('<body>'));
  });

  it('escapes the id', () => {
    expect(firstViewWhole('a"b')).toBe('<link rel="expect" href="#a&quot;b" blocking="render" />');
  });
});
