import { escapeHtml } from '../lib/html';

/**
 * A `<link>` for the head of a server-rendered page that holds rendering until the parser has
 * reached the element with this id, placed right after the whole first view (decision 0411).
 * Without it a slow phone's parser yields inside the inline stylesheet, Chromium lays out and
 * paints an empty page, and the real first layout (mostly font lookups) becomes a second long
 * task after the first paint, which Lighthouse counts as blocking time. Browsers without
 * `rel=expect` ignore the link.
 */
export const firstViewWhole = (elementId: string): string =>
  `<link rel="expect" href="#${escapeHtml(elementId)}" blocking="render" />`;

/** Puts firstViewWhole(elementId) at the end of the head. */
export const holdRenderForFirstView = (html: string, elementId: string): string =>
  html.replace('</head>', () => `  ${firstViewWhole(elementId)}\n  </head>`);
