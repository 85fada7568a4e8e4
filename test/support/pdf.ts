import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A filled path's colour and bounding box, in the page's top-down coordinates (points). */
export interface FilledBox {
  colour: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ParsedPage {
  width: number;
  height: number;
  /** The page's text as a reader would copy it: items joined with spaces at line ends. */
  text: string;
  /** Images painted on the page (logos). */
  images: { width: number; height: number }[];
  /** Every filled path with the fill colour in force (#rrggbb). */
  fills: FilledBox[];
  /** Every colour set for filling, text included. */
  colours: Set<string>;
}

export interface ParsedPdf {
  pages: ParsedPage[];
  title: string | null;
}

/**
 * Reads a PDF the way a viewer does (pdf.js): page count, the text of each page, images and
 * filled shapes. Tests check what a reader sees, not the writer's syntax.
 */
export async function readPdf(bytes: Uint8Array, options: { pages?: number[] } = {}) {
  const document = await openPdf(bytes);
  const { info } = (await document.getMetadata()) as { info: { Title?: string } };
  const wanted = options.pages ?? Array.from({ length: document.numPages }, (_, i) => i + 1);
  const pages: ParsedPage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    if (!wanted.includes(number)) {
      pages.push({ width: 0, height: 0, text: '', images: [], fills: [], colours: new Set() });
      continue;
    }
    const page = await document.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('');
    const operators = await page.getOperatorList();
    const images: ParsedPage['images'] = [];
    const fills: FilledBox[] = [];
    const colours = new Set<string>();
    let colour = '#000000';
    operators.fnArray.forEach((fn, index) => {
      const args = operators.argsArray[index] as unknown[];
      if (fn === OPS.setFillRGBColor) {
        colour = String(args[0]);
        colours.add(colour);
      } else if (fn === OPS.paintImageXObject) {
        const [, w, h] = args as [string, number, number];
        images.push({ width: w, height: h });
      } else if (fn === OPS.constructPath) {
        const box = args[2] as Record<number, number> | null;
        if (box) {
          fills.push({
            colour,
            x: box[0]!,
            y: box[1]!,
            w: box[2]! - box[0]!,
            h: box[3]! - box[1]!,
          });
        }
      }
    });
    pages.push({ width, height, text, images, fills, colours });
  }
  await document.destroy();
  return { pages, title: info.Title ?? null } satisfies ParsedPdf;
}

/** Text without any white space, so a word broken over two lines still reads as one. */
export function squeeze(text: string): string {
  return text.replace(/\s+/g, '');
}

/** pdf.js on bytes, without fonts or eval: what a viewer opens. */
function openPdf(bytes: Uint8Array) {
  return getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

/** The files attached to a PDF (by name, as text) and its XMP metadata, as a reader finds them. */
export async function readPdfAttachments(bytes: Uint8Array) {
  const document = await openPdf(bytes);
  const attachments = ((await document.getAttachments()) ?? {}) as Record<
    string,
    { filename: string; content: Uint8Array }
  >;
  const { metadata } = (await document.getMetadata()) as {
    metadata: { getRaw(): string } | null;
  };
  await document.destroy();
  return {
    files: Object.fromEntries(
      Object.values(attachments).map((file) => [
        file.filename,
        new TextDecoder().decode(file.content),
      ]),
    ),
    xmp: metadata?.getRaw() ?? '',
  };
}
