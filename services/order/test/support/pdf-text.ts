/**
 * The text of a PDF, read by a real PDF parser (unpdf, a packaging of Mozilla's PDF.js). PDF.js is an ES module
 * that Jest's CommonJS runtime cannot load, so it runs in a plain Node process: the PDF goes in on stdin, the
 * pages' text comes back as JSON. A file that is not a valid PDF fails the call.
 */
import { execFile } from 'node:child_process';

const SCRIPT = `
import { extractText, getDocumentProxy } from 'unpdf';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
const { totalPages, text } = await extractText(pdf, { mergePages: false });
process.stdout.write(JSON.stringify({ totalPages, pages: text }));
`;

const ITEMS_SCRIPT = `
import { getDocumentProxy } from 'unpdf';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
const pages = [];
for (let number = 1; number <= pdf.numPages; number++) {
  const { items } = await (await pdf.getPage(number)).getTextContent();
  pages.push(
    items
      .filter((item) => 'str' in item && item.str.trim() !== '')
      .map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, font: item.fontName })),
  );
}
process.stdout.write(JSON.stringify(pages));
`;

export interface PdfText {
  totalPages: number;
  /** each page's text */
  pages: string[];
  /** every page's text, joined */
  text: string;
}

/** A piece of text as PDF.js reads it: where its baseline starts (points from the page's bottom left), its width. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  /** the document's name of the font: the same font has the same name within one document only */
  font: string;
}

/** Runs `script` (an ES module) in a plain Node process with the PDF on stdin; answers its JSON output. */
function readPdf<T>(pdf: Buffer, script: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '--eval', script],
      { cwd: __dirname, timeout: 20_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`the PDF could not be read: ${stderr || err.message}`));
        resolve(JSON.parse(stdout) as T);
      },
    );
    child.stdin?.end(pdf);
  });
}

export async function pdfText(pdf: Buffer): Promise<PdfText> {
  const { totalPages, pages } = await readPdf<{ totalPages: number; pages: string[] }>(pdf, SCRIPT);
  return { totalPages, pages, text: pages.join('\n') };
}

/** Each page's pieces of text with their places, in the order the page draws them. */
export function pdfTextItems(pdf: Buffer): Promise<PdfTextItem[][]> {
  return readPdf<PdfTextItem[][]>(pdf, ITEMS_SCRIPT);
}
