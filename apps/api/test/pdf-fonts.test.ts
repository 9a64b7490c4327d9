/**
 * The PDFs' fonts are parsed once per process and their word layouts kept (pdf-fonts.ts): a word must
 * measure in every new document as it does with the font file read anew, however many documents
 * came before (pdfkit scales the layout it is handed in place), and its letters must stay in the
 * text of every PDF (a glyph cached by another document's font subset had none).
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { FONT, FONT_BOLD, registerPdfFonts } from '../src/invoice/pdf-fonts.ts';
import { currentTermsVersion, renderTermsPdf } from '../src/legal/terms.ts';
import type { ShopIdentity } from '../src/config.ts';
import { pdfText } from './pdf-text.ts';

const TEXT = 'Pirkimo–pardavimo taisyklės, Правила купли-продажи, terms of sale: 1 004,30 €';

function widths(register: (pdf: PDFKit.PDFDocument) => void): number[] {
  const pdf = new PDFDocument();
  register(pdf);
  return [
    pdf.font('body').fontSize(9.5).widthOfString(TEXT),
    pdf.font('bold').fontSize(11).widthOfString(TEXT),
  ];
}

describe('the PDFs’ kept fonts', () => {
  it('lay words out in each new document as the font files read anew do', () => {
    const fresh = widths((pdf) => {
      pdf.registerFont('body', FONT);
      pdf.registerFont('bold', FONT_BOLD);
    });
    expect(fresh[0]).toBeGreaterThan(0);
    for (let documents = 0; documents < 3; documents++) expect(widths(registerPdfFonts)).toEqual(fresh);
  });

  it('keep every letter in the text of each PDF, whatever documents came before', async () => {
    const shop: ShopIdentity = {
      companyName: 'UAB „Vitrina“',
      companyCode: '305000111',
      vatCode: 'LT100012345611',
      address: 'Žalgirio g. 90, Vilnius',
      phone: '+370 5 200 0000',
      email: 'info@vitrina.example',
      bankName: 'AB SEB bankas',
      iban: 'LT97 7044 0600 0000 0001',
    };
    const render = (store: 'lt' | 'en', n: number) =>
      renderTermsPdf(currentTermsVersion(), store, shop, {
        days: 30 + n,
        withdrawalPage: 'https://shop.example/withdrawal',
      });
    await render('lt', 1);
    const text = (await pdfText(await render('en', 2))).replace(/\s+/g, ' ');
    for (const words of ['Terms and conditions of sale', 'MODEL WITHDRAWAL FORM', 'within 32 days'])
      expect(text).toContain(words);
  });
});
