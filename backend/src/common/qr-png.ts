import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk: its length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(typed.length + 8);
  framed.writeUInt32BE(data.length, 0);
  typed.copy(framed, 4);
  framed.writeUInt32BE(crc32(typed), typed.length + 4);
  return framed;
}

/** IHDR of a square black-and-white image: one bit a pixel, grayscale, no interlacing. */
function header(size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // grayscale; compression, filter and interlace stay 0
  return ihdr;
}

/**
 * `text` as a QR code (level M) in a black-on-white PNG of one bit a pixel, `scale` pixels a module
 * inside a `margin` of modules. Drawn here rather than by the QR library's PNG writer, which took
 * several times as long: a rush's thousands of confirmations each carry one, drawn by the
 * process that takes the registrations.
 */
export function qrPng(text: string, { scale = 6, margin = 4 } = {}): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = (modules.size + 2 * margin) * scale;
  // Each row: its filter byte (0, none), then the pixels, a set bit white.
  const rowLength = 1 + Math.ceil(size / 8);
  const pixels = Buffer.alloc(rowLength * size, 0xff);
  for (let y = 0; y < size; y++) pixels[y * rowLength] = 0;
  for (let moduleRow = 0; moduleRow < modules.size; moduleRow++) {
    // One row of pixels per row of modules, then copied down to the module's height.
    const first = (margin + moduleRow) * scale * rowLength;
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(moduleRow, column)) continue;
      for (let x = (margin + column) * scale, end = x + scale; x < end; x++) pixels[first + 1 + (x >> 3)] &= ~(0x80 >> (x & 7));
    }
    for (let copy = 1; copy < scale; copy++) pixels.copy(pixels, first + copy * rowLength, first, first + rowLength);
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header(size)), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}
