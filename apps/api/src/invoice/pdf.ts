/**
 * The VAT invoice as a PDF (pdfkit), A4, in DejaVu Sans embedded as a subset (fonts/README.md):
 * PDF's standard fonts have no Lithuanian or Cyrillic letters. The text is real text (a ToUnicode
 * map comes with the font), so it can be searched, copied and read by a screen reader or a test.
 */
import PDFDocument from 'pdfkit';
import { formatPrice } from '@vitrina/domain';
import type { InvoiceDocument } from './document.ts';
import { registerPdfFonts } from './pdf-fonts.ts';

const MARGIN = 40;
const WIDTH = 595.28 - 2 * MARGIN;
const BOTTOM = 841.89 - MARGIN - 30;
/** the line table's columns: x offset and width, numbers right-aligned */
const COLS = {
  no: { x: 0, w: 20 },
  product: { x: 24, w: 180 },
  qty: { x: 206, w: 36 },
  unit: { x: 246, w: 64 },
  rate: { x: 312, w: 40 },
  net: { x: 356, w: 76 },
  amount: { x: 436, w: 79 },
} as const;

export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${doc.credit ? doc.t.creditTitle : doc.t.title} ${doc.number}`, Author: doc.seller.name, Subject: `${doc.t.order} ${doc.orderNumber}` },
    lang: doc.store === 'en' ? 'en' : doc.store === 'ru' ? 'ru' : 'lt',
    displayTitle: true,
  });
  registerPdfFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  // amounts the Lithuanian way in every version ("1 004,30 €"): a bilingual document's Lithuanian
  // text prevails, and an English "1,004.30 €" beside it would read as another number
  const money = (cents: number) => formatPrice(cents, 'lt');
  const t = doc.t;

  // ---- heading
  pdf.font('bold').fontSize(doc.store === 'lt' ? 18 : 15).text(doc.credit ? t.creditTitle : t.title, MARGIN, MARGIN, { width: WIDTH });
  pdf.font('body').fontSize(10).moveDown(0.3);
  pdf.text(`${doc.credit ? t.creditNumber : t.number}: ${doc.number}`);
  pdf.text(`${t.issuedAt}: ${doc.issuedAt}`);
  if (doc.suppliedOn) pdf.text(`${t.suppliedOn}: ${doc.suppliedOn}`);
  if (doc.credit) {
    pdf.text(`${t.refersTo}: ${doc.credit.invoiceNumber} (${t.issuedAt}: ${doc.credit.invoiceDate})`);
    pdf.text(`${t.reason}: ${doc.credit.reason}`, { width: WIDTH });
  }
  pdf.text(`${t.order}: ${doc.orderNumber} (${t.orderDate}: ${doc.orderDate})`);

  // ---- seller and buyer side by side
  const top = pdf.y + 14;
  const half = WIDTH / 2 - 10;
  const party = (x: number, heading: string, p: { name: string; lines: string[] }) => {
    pdf.font('bold').fontSize(9).text(heading.toUpperCase(), x, top, { width: half });
    pdf.font('bold').fontSize(10).text(p.name, x, pdf.y + 2, { width: half });
    pdf.font('body').fontSize(9);
    for (const line of p.lines) pdf.text(line, x, pdf.y, { width: half });
    return pdf.y;
  };
  const bottom = Math.max(party(MARGIN, t.seller, doc.seller), party(MARGIN + WIDTH / 2 + 10, t.buyer, doc.buyer));

  // ---- lines
  let y = bottom + 18;
  const header = () => {
    pdf.font('bold').fontSize(doc.store === 'lt' ? 8.5 : 7.5);
    const heads: [string, { x: number; w: number }, ('left' | 'right')?][] = [
      [t.colNo, COLS.no],
      [t.colProduct, COLS.product, 'left'],
      [t.colQty, COLS.qty],
      [t.colUnitNet, COLS.unit],
      [t.colRate, COLS.rate],
      [t.colAmountNet, COLS.net],
      [t.colAmount, COLS.amount],
    ];
    let lowest = y;
    for (const [label, col, align] of heads) {
      cell(label, col, y, align);
      lowest = Math.max(lowest, pdf.y);
    }
    y = lowest + 3;
    rule(y);
    y += 4;
    pdf.font('body').fontSize(9);
  };
  const cell = (s: string, col: { x: number; w: number }, at: number, align: 'left' | 'right' = 'right') =>
    pdf.text(s, MARGIN + col.x, at, { width: col.w, align });
  const rule = (at: number) => pdf.moveTo(MARGIN, at).lineTo(MARGIN + WIDTH, at).lineWidth(0.5).stroke('#888888');
  const room = (needed: number) => {
    if (y + needed <= BOTTOM) return;
    pdf.addPage();
    y = MARGIN;
    header();
  };
  header();
  for (const line of doc.lines) {
    const details = [`${line.sku}`, ...line.details].join(' · ');
    pdf.font('body').fontSize(9);
    const height =
      pdf.heightOfString(line.name, { width: COLS.product.w }) +
      pdf.fontSize(7.5).heightOfString(details, { width: COLS.product.w });
    room(height + 6);
    pdf.fontSize(9);
    cell(String(line.no), COLS.no, y);
    cell(line.name, COLS.product, y, 'left');
    const after = pdf.y;
    pdf.fillColor('#444444').fontSize(7.5);
    cell(details, COLS.product, after, 'left');
    pdf.fillColor('black').fontSize(9);
    const next = pdf.y;
    cell(String(line.qty), COLS.qty, y);
    cell(money(line.unitNet), COLS.unit, y);
    cell(String(line.rate), COLS.rate, y);
    cell(money(line.amountNet), COLS.net, y);
    cell(money(line.amount), COLS.amount, y);
    y = next + 5;
  }
  rule(y);
  y += 8;

  // ---- totals: what the order charged, line by line
  const sum = (label: string, value: string, bold = false) => {
    room(16);
    pdf.font(bold ? 'bold' : 'body').fontSize(bold ? 10.5 : 9.5);
    pdf.text(label, MARGIN + 160, y, { width: 260, align: 'right' });
    const below = pdf.y;
    pdf.text(value, MARGIN + COLS.amount.x - 10, y, { width: COLS.amount.w + 10, align: 'right' });
    // a two-language label may wrap: the next row starts below the taller of the two
    y = Math.max(below, pdf.y) + 3;
  };
  if (doc.totals.subtotal || !doc.credit) sum(t.subtotal, money(doc.totals.subtotal));
  if (doc.credit?.adjustment) sum(t.adjustment, money(doc.credit.adjustment));
  if (doc.totals.discount) sum(doc.coupon ? `${t.discount} (${doc.coupon})` : t.discount, money(-doc.totals.discount));
  if (doc.totals.shipping || !doc.credit) sum(doc.shipping ? `${t.shipping} (${doc.shipping})` : t.shipping, money(doc.totals.shipping));
  if (doc.totals.paymentFee) sum(t.paymentFee, money(doc.totals.paymentFee));
  sum(t.totalNet, money(doc.totals.net));
  sum(t.totalVat, money(doc.totals.vat));
  sum(doc.credit ? t.creditTotal : t.grandTotal, money(doc.totals.grand), true);

  // ---- VAT by rate
  y += 10;
  room(40 + 14 * doc.vat.length);
  pdf.font('bold').fontSize(9.5).text(t.vatSummary, MARGIN, y);
  y = pdf.y + 3;
  const vatCols = [
    { x: 0, w: 120, s: t.vatRate },
    { x: 130, w: 120, s: t.net },
    { x: 260, w: 110, s: t.vat },
    { x: 380, w: 135, s: t.gross },
  ];
  pdf.font('bold').fontSize(8.5);
  for (const c of vatCols) pdf.text(c.s, MARGIN + c.x, y, { width: c.w, align: c.x ? 'right' : 'left' });
  y = pdf.y + 2;
  pdf.font('body').fontSize(9);
  for (const r of doc.vat) {
    const cells = [`${r.rate} %`, money(r.net), money(r.vat), money(r.gross)];
    cells.forEach((s, i) => pdf.text(s, MARGIN + vatCols[i]!.x, y, { width: vatCols[i]!.w, align: i ? 'right' : 'left' }));
    y = pdf.y + 2;
  }

  // ---- payment and the closing note
  y += 12;
  room(40);
  pdf.font('body').fontSize(9).text(`${t.paymentMethod}: ${doc.payment}`, MARGIN, y, { width: WIDTH });
  pdf.moveDown(1).fillColor('#444444').fontSize(8).text(doc.credit ? t.creditFooter : t.footer, { width: WIDTH });
  pdf.end();
  return done;
}
