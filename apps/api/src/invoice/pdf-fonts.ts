/**
 * The DejaVu fonts of the shop's PDFs (invoices, the terms of sale: fonts/README.md), parsed once per
 * process, each word's layout kept. Each new document (an invoice; the terms, once per version and
 * language: legal/terms.ts) parsed the font files again and shaped every word again (fontkit's
 * OpenType layout): ~0.4 s of the main thread per document. A word lays out the same in every
 * document, so the bytes of a PDF do not change.
 */
// fontkit ships no types: every project compiling this file (api, server, web, root) takes them from
// here; an import of a declaration file would be looked for at run time
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { create, type Font, type GlyphRun } from 'fontkit';

export const FONT = fileURLToPath(new URL('./fonts/DejaVuSans.ttf', import.meta.url));
export const FONT_BOLD = fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url));

/** words kept per font: the terms in three languages and the invoices' words are a few thousand */
const WORDS_KEPT = 20_000;

/**
 * The font with its layouts kept. pdfkit scales the positions of the run it is given in place
 * (EmbeddedFont.layoutRun), so each answer is a copy with positions of its own. A document's font
 * subset comes from a second parsed font: subsetting loads glyphs without their characters into
 * fontkit's glyph cache, and a later document's layout taking such a glyph from a shared cache left
 * its letters out of the PDF's text (copy, search, screen readers).
 */
function keptLayouts(file: string): Font {
  const font = create(readFileSync(file));
  const subsets = create(readFileSync(file));
  const runs = new Map<string, GlyphRun>();
  const layout = (text: string, features?: unknown): GlyphRun => {
    // pdfkit asks with features only for text given features of its own: not kept
    if (features) return font.layout(text, features);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= WORDS_KEPT) runs.clear();
      runs.set(text, (run = font.layout(text)));
    }
    const copy = Object.create(Object.getPrototypeOf(run) as object) as GlyphRun;
    return Object.assign(copy, run, { positions: run.positions.map((p) => ({ ...p })) });
  };
  // the font's own tables and metrics through its prototype chain
  return Object.assign(Object.create(font) as Font, { layout, createSubset: () => subsets.createSubset() });
}

let fonts: { body: Font; bold: Font } | undefined;

/** registers `body` and `bold` on a document: the process's parsed fonts (pdfkit takes a fontkit font) */
export function registerPdfFonts(pdf: PDFKit.PDFDocument): void {
  fonts ??= { body: keptLayouts(FONT), bold: keptLayouts(FONT_BOLD) };
  // @types/pdfkit names paths and buffers only; PDFFontFactory.open takes any object with layout()
  pdf.registerFont('body', fonts.body as never);
  pdf.registerFont('bold', fonts.bold as never);
}
