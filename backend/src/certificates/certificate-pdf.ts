import PDFDocument from 'pdfkit';
import { festivalClock } from '../common/festival-clock.js';
import { qrPng } from '../common/qr-png.js';
import { codeInFours } from '../common/ticket-code.js';
import type { CertificateRow } from '../database/schema/certificates.js';
import { type FontRun, latinFace, runsOf, type Weight } from './certificate-fonts.js';
import { placeInWords } from './certificate-wording.js';

/** A4 landscape, in points. */
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const INK = '#1f1b2e';
const MUTED = '#5b5670';
const ACCENT = '#5b21b6';
/** The widest a line of the certificate runs: the page inside its frame and a little air. */
const LINE_WIDTH = PAGE.width - 2 * (MARGIN + 48);
const QR_SIZE = 76;

type Doc = PDFKit.PDFDocument;

/** The signatories' signature images a certificate names, by id: their bytes (PNG or JPEG). */
export type SignatureImages = ReadonlyMap<string, Buffer>;

/** The room above a signatory's line that their signature image is fitted into. */
const SIGNATURE_HEIGHT = 44;

/** PDFKit takes a fontkit face as it takes a font file (its types name files only), and embeds the glyphs used. */
const face = (font: unknown) => font as PDFKit.Mixins.PDFFontSource;

/**
 * The certificate as a one-page PDF, A4 landscape: the institution and festival, the title, the
 * student's name as issued, what for, the event's day and club, the signatories' names and titles
 * under the lines they sign on (each one's signature image above it, from `signatures`, when it
 * has one), and the code with a QR of its verification page (`verificationUrl`). The faces are embedded as subsets with their ToUnicode maps, so
 * the text (an Indic name included) is selectable and searchable.
 */
export function certificatePdf(row: CertificateRow, verificationUrl: string, signatures: SignatureImages): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    // The embedded face from the start: the built-in Helvetica is never read (a few milliseconds a document).
    font: face(latinFace(400)) as string,
    info: {
      Title: `${titleOf(row)}: ${row.studentName}`,
      Author: row.institutionName,
      Subject: `${row.eventName}, ${row.festivalName}`,
      Creator: row.festivalName,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const written = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, row, verificationUrl, signatures);
  doc.end();
  return written;
}

function draw(doc: Doc, row: CertificateRow, verificationUrl: string, signatures: SignatureImages): void {
  frame(doc);
  let y = 78;
  y = centred(doc, row.institutionName.toUpperCase(), y, { size: 18, weight: 700, color: ACCENT });
  y = centred(doc, `${row.festivalName}  ·  ${editionOf(row)}`, y + 6, { size: 13, color: MUTED });
  y = centred(doc, titleOf(row), y + 34, { size: 34, weight: 700 });
  y = centred(doc, 'This is to certify that', y + 22, { size: 13, color: MUTED });
  y = centred(doc, row.studentName, y + 12, { size: 30, weight: 700, color: ACCENT });
  if (row.teamName) y = centred(doc, `of team ${row.teamName}`, y + 2, { size: 13, color: MUTED });
  y = centred(doc, achievementOf(row), y + 14, { size: 15 });
  y = centred(doc, row.eventName, y + 6, { size: 22, weight: 700 });
  centred(doc, occasionOf(row), y + 8, { size: 13, color: MUTED });
  signatories(doc, row, signatures);
  verification(doc, row, verificationUrl);
}

function frame(doc: Doc): void {
  doc
    .lineWidth(3)
    .strokeColor(ACCENT)
    .rect(MARGIN, MARGIN, PAGE.width - 2 * MARGIN, PAGE.height - 2 * MARGIN)
    .stroke();
  doc
    .lineWidth(0.75)
    .rect(MARGIN + 8, MARGIN + 8, PAGE.width - 2 * (MARGIN + 8), PAGE.height - 2 * (MARGIN + 8))
    .stroke();
}

const titleOf = (row: Pick<CertificateRow, 'kind'>) => (row.kind === 'merit' ? 'Certificate of Merit' : 'Certificate of Participation');

/** The festival's year, as the event's day (or the day it was issued) falls in its time zone: `2025 edition`. */
function editionOf(row: CertificateRow): string {
  return `${festivalClock(row.timeZone)
    .day(row.eventDate ?? row.issuedAt)
    .slice(0, 4)} edition`;
}

function achievementOf(row: CertificateRow): string {
  if (row.kind === 'participation') return 'took part in';
  return `${row.teamName ? 'won, with the team,' : 'won'} the ${placeInWords(row.place ?? 0).toLowerCase()} place in`;
}

function occasionOf(row: CertificateRow): string {
  const day = row.eventDate ? ` on ${festivalClock(row.timeZone).dateInWords(row.eventDate)}` : '';
  return row.club ? `organised by ${row.club}${day}` : `held${day}`;
}

interface Style {
  size: number;
  weight?: Weight;
  color?: string;
}

/**
 * One line centred at `y`, each script in its own face, shrunk until it fits the line; answers
 * where the next line may start. Drawn run by run at measured places: PDFKit's own centring
 * measures one face only.
 */
function centred(doc: Doc, text: string, y: number, { size, weight = 400, color = INK }: Style, left = MARGIN, width = PAGE.width - 2 * MARGIN): number {
  const runs = runsOf(text, weight);
  const fitted = fittedSize(doc, runs, size, Math.min(width, LINE_WIDTH));
  let x = left + (width - widthOf(doc, runs, fitted)) / 2;
  doc.fillColor(color);
  for (const run of runs) {
    doc.font(face(run.font)).fontSize(fitted);
    doc.text(run.text, x, y, { lineBreak: false });
    x += doc.widthOfString(run.text);
  }
  return y + doc.currentLineHeight();
}

function widthOf(doc: Doc, runs: readonly FontRun[], size: number): number {
  return runs.reduce((sum, run) => sum + doc.font(face(run.font)).fontSize(size).widthOfString(run.text), 0);
}

/** The size, at most `size` and at least half of it, at which the runs fit `width`. */
function fittedSize(doc: Doc, runs: readonly FontRun[], size: number, width: number): number {
  const natural = widthOf(doc, runs, size);
  return natural <= width ? size : Math.max(size / 2, (size * width) / natural);
}

/** The signatories side by side along the bottom: the space to sign in (or their signature's image), a line, the name and title. */
function signatories(doc: Doc, row: CertificateRow, signatures: SignatureImages): void {
  const count = row.signatories.length;
  const left = MARGIN + 150;
  const width = (PAGE.width - 2 * MARGIN - 150 - 40) / Math.max(count, 1);
  const lineY = PAGE.height - MARGIN - 78;
  row.signatories.forEach((signatory, index) => {
    const x = left + index * width;
    const image = signatory.signatureImageId ? signatures.get(signatory.signatureImageId) : undefined;
    if (image) doc.image(image, x + 20, lineY - SIGNATURE_HEIGHT - 2, { fit: [width - 40, SIGNATURE_HEIGHT], align: 'center', valign: 'bottom' });
    doc
      .lineWidth(0.75)
      .strokeColor(MUTED)
      .moveTo(x + 20, lineY)
      .lineTo(x + width - 20, lineY)
      .stroke();
    const below = centred(doc, signatory.name, lineY + 6, { size: 12, weight: 700 }, x, width);
    centred(doc, signatory.title, below + 1, { size: 10.5, color: MUTED }, x, width);
  });
}

/** The QR of the verification page and the code under it, in the bottom left corner. */
function verification(doc: Doc, row: CertificateRow, url: string): void {
  const x = MARGIN + 30;
  const y = PAGE.height - MARGIN - 30 - QR_SIZE - 22;
  doc.image(qrPng(url, { scale: 4, margin: 0 }), x, y, { width: QR_SIZE, height: QR_SIZE });
  const { host, pathname } = new URL(url);
  doc
    .font(face(latinFace(400)))
    .fontSize(7.5)
    .fillColor(MUTED);
  doc.text(`Verify at ${host}${pathname.slice(0, pathname.lastIndexOf('/'))}`, x - 10, y + QR_SIZE + 6, { lineBreak: false });
  doc
    .font(face(latinFace(700)))
    .fontSize(9)
    .fillColor(INK);
  doc.text(codeInFours(row.code), x - 10, y + QR_SIZE + 16, { lineBreak: false });
}
