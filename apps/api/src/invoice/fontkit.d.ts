// fontkit (pdfkit's font engine) ships no types: the little of it the PDF fonts use (pdf-fonts.ts)
declare module 'fontkit' {
  export type GlyphRun = { positions: Record<string, number>[] };
  export type Font = { layout(text: string, features?: unknown): GlyphRun; createSubset(): unknown };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
