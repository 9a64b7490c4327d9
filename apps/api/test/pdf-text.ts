/** The text of a PDF, page by page, as a reader extracts it (pdfjs-dist): what the tests check invoices by. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join('\n'));
  }
  await doc.destroy();
  // one kind of space: prices carry a no-break space before the currency sign
  return pages.join('\n').replace(/\u00a0/g, ' ');
}
