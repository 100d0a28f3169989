import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { CertificateRow } from '../database/schema/certificates.js';
import { certificatePdf, type SignatureImages } from './certificate-pdf.js';

/** One file of an archive: its name, the certificate drawn into it and the page its QR opens. */
interface ZipEntry {
  name: string;
  row: CertificateRow;
  verificationUrl: string;
}

/**
 * A ZIP of certificates, one PDF each (their signature images read once, in `signatures`), stored as they are (a PDF is compressed already). Each PDF
 * is drawn only when the archive reaches its entry, and the archive is read only as fast as the
 * reply takes it: memory holds about one certificate whatever the count.
 */
export function certificatesZip(entries: readonly ZipEntry[], signatures: SignatureImages): Readable {
  const archive = new ZipFile();
  for (const { name, row, verificationUrl } of entries) {
    archive.addReadStreamLazy(name, { compress: false, mtime: row.issuedAt }, (done) => {
      certificatePdf(row, verificationUrl, signatures).then(
        (pdf) => done(null, Readable.from([pdf])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }
  archive.end();
  const output = archive.outputStream as Readable;
  archive.on('error', (error: Error) => output.destroy(error));
  return output;
}
