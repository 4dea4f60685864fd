import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// DejaVu Sans covers Latin, Greek, Cyrillic and more: names and addresses print as people wrote them
// (pdf-lib's standard fonts know WinAnsi only).
const require = createRequire(import.meta.url);
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/** DejaVu Sans regular and bold embedded in `pdf` as subsets: only the glyphs it prints are stored. */
export async function embedTextFonts(pdf: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  fontBytes ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  const fonts = await fontBytes;
  // Loaded with the first PDF, not at start (docs/performance.md, "Memory").
  pdf.registerFontkit((await import('@pdf-lib/fontkit')).default);
  return {
    regular: await pdf.embedFont(fonts.regular, { subset: true }),
    bold: await pdf.embedFont(fonts.bold, { subset: true }),
  };
}

/** The text with each character the font lacks (e.g. CJK) written as its closest plain form, else '?'. */
export function printable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')]
    .map((char) => {
      if (known.has(char.codePointAt(0)!)) return char;
      const plain = [...char.normalize('NFD')].filter((part) => known.has(part.codePointAt(0)!)).join('');
      return plain || '?';
    })
    .join('');
}
