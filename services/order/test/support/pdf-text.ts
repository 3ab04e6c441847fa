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

export interface PdfText {
  totalPages: number;
  /** each page's text */
  pages: string[];
  /** every page's text, joined */
  text: string;
}

export function pdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '--eval', SCRIPT],
      { cwd: __dirname, timeout: 20_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`the PDF could not be read: ${stderr || err.message}`));
        const { totalPages, pages } = JSON.parse(stdout) as { totalPages: number; pages: string[] };
        resolve({ totalPages, pages, text: pages.join('\n') });
      },
    );
    child.stdin?.end(pdf);
  });
}
