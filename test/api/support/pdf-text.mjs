// Prints the text of the first page of the PDF read from standard input, as a reader extracts it
// (through its fonts' ToUnicode maps). A script of its own: PDF.js ships as ES modules only, which
// the API tests' CommonJS runner cannot load.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const document = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), useSystemFonts: false }).promise;
const content = await (await document.getPage(1)).getTextContent();
process.stdout.write(content.items.map((item) => item.str ?? '').join(' '));
