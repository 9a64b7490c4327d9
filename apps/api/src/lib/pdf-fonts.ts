/**
 * PDF fonts parsed once per process, with the layout of every word they set kept.
 *
 * pdfkit parses a font file for each document that registers it by path, and lays out (shapes) each
 * word anew in each document. Every order confirmation attaches the terms PDF, which differs per order
 * only in the order's withdrawal link, so each rendered the same few thousand words again: measured
 * 150 ms of CPU per PDF, a third of the shop's CPU in a flash sale on the embedded database. pdfkit
 * takes an already parsed font (an object with `layout`) instead of a path, and asks the font for each
 * word's glyphs and positions: the shared font answers a word it laid out before from memory. The
 * glyphs are the font's (read only); the positions are copied for each answer, because pdfkit scales
 * the positions it is given in place.
 *
 * Each document's glyph subset is made from a second parse of the file, never the one that lays out:
 * the font keeps each glyph it makes with the characters first asked for, and the subset asks for a
 * composite glyph's parts (the c of č) with none, which would leave a later document's c without its
 * character (a reader or a search would not find the word).
 */
import PDFDocument from 'pdfkit';

type Position = Record<string, number>;
type Run = { glyphs: readonly unknown[]; positions: Position[]; readonly advanceWidth: number };
type ParsedFont = object & { layout(text: string, features?: unknown): Run; createSubset(): unknown };

/** words kept per font (the terms in three languages set a few thousand) */
const LAYOUTS_KEPT = 20_000;

/** a laid-out word as pdfkit reads it: its advance the sum of its positions' (fontkit's GlyphRun) */
class LaidOut {
  constructor(
    readonly glyphs: unknown[],
    readonly positions: Position[],
  ) {}

  get advanceWidth(): number {
    let width = 0;
    for (const p of this.positions) width += p.xAdvance ?? 0;
    return width;
  }
}

/** the font file parsed as pdfkit parses it (fontkit, pdfkit's own dependency) */
function parse(file: string): ParsedFont {
  const probe = new PDFDocument({ autoFirstPage: false });
  probe.font(file);
  return (probe as unknown as { _font: { font: ParsedFont } })._font.font;
}

/** `font` answering the layouts it made before from memory, its subsets made from `subsetting` */
function keepingLayouts(font: ParsedFont, subsetting: ParsedFont): ParsedFont {
  const kept = new Map<string, Run>();
  const layout = (text: string, features?: unknown): Run => {
    if (features !== undefined) return font.layout(text, features);
    let run = kept.get(text);
    if (!run) {
      if (kept.size >= LAYOUTS_KEPT) kept.clear();
      run = font.layout(text);
      kept.set(text, run);
    }
    return new LaidOut(
      run.glyphs.slice(),
      run.positions.map((p) => ({ ...p })),
    );
  };
  return new Proxy(font, {
    get(target, prop) {
      if (prop === 'layout') return layout;
      if (prop === 'createSubset') return () => subsetting.createSubset();
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const shared = new Map<string, ParsedFont>();

/**
 * Registers the font file `file` under `name` in `pdf`, parsed once per process and its word layouts
 * shared by every document (the document's glyph subset stays its own).
 */
export function registerSharedFont(pdf: PDFKit.PDFDocument, name: string, file: string): void {
  let font = shared.get(file);
  if (!font) shared.set(file, (font = keepingLayouts(parse(file), parse(file))));
  // pdfkit's types name only paths and buffers; it takes a parsed font too (PDFFontFactory.open)
  pdf.registerFont(name, font as unknown as string);
}
