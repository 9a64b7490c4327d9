/**
 * The PDF fonts shared by every document (lib/pdf-fonts.ts: parsed once, each word laid out once) set
 * a document byte for byte as pdfkit sets it from the font file, the first time and every time after:
 * a word's positions handed out twice are never scaled twice, a document's glyph subset stays its own.
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { FONT, FONT_BOLD } from '../src/invoice/pdf.ts';
import { registerSharedFont } from '../src/lib/pdf-fonts.ts';
import { modelWithdrawalForm, withdrawalInformation } from '../src/legal/texts.ts';
import { pdfText } from './pdf-text.ts';

const params = (n: number) => ({
  seller: 'UAB „Vitrina“, įmonės kodas 305000111',
  days: 30,
  withdrawalUrl: `https://shop.example/withdrawal?number=10000${n}&token=tok${n}`,
});

/** a document of Lithuanian, English and Russian text, justified, in the body and bold fonts */
function render(n: number, register: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  // a fixed creation date: the only part of the file that differs between two renders of one text
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { CreationDate: new Date(0) } });
  register(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  for (const store of ['lt', 'en', 'ru'] as const) {
    // the first document's heading has č but no c, the later ones' c: a glyph's characters are kept
    // with the glyph, and the subset of č asks for its c with none
    pdf
      .font('bold')
      .fontSize(12)
      .text(n === 1 ? `Šalys, čia — ${store}` : `Terms and conditions of sale — ${store}`);
    pdf
      .font('body')
      .fontSize(9.5)
      .text(withdrawalInformation(store, params(n)), { align: 'justify' });
    pdf.text(modelWithdrawalForm(store, params(n)));
  }
  pdf.end();
  return done;
}

const fromFiles = (pdf: PDFKit.PDFDocument) => {
  pdf.registerFont('body', FONT);
  pdf.registerFont('bold', FONT_BOLD);
};
const shared = (pdf: PDFKit.PDFDocument) => {
  registerSharedFont(pdf, 'body', FONT);
  registerSharedFont(pdf, 'bold', FONT_BOLD);
};

describe('the shared PDF fonts', () => {
  it('set each document exactly as the font files do, the first time and after', async () => {
    for (const n of [1, 2, 1, 3]) {
      const expected = await render(n, fromFiles);
      const got = await render(n, shared);
      expect(got.equals(expected), `document ${n}`).toBe(true);
    }
    // every word readable in a later document: the c of "conditions" after a document set č
    const later = await pdfText(await render(4, shared));
    expect(later).toContain('Terms and conditions of sale');
    expect(later).toContain('https://shop.example/withdrawal?number=100004&token=tok4');
  });
});
