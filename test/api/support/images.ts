import { deflateSync } from 'node:zlib';

/** One PNG chunk: its length, type, data and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc(Buffer.concat([Buffer.from(type, 'latin1'), data]))]);
}

/** The CRC-32 a PNG chunk ends with, which PDF writers check before they embed the image. */
function crc(bytes: Buffer): Buffer {
  let value = 0xffffffff;
  for (const byte of bytes) {
    value ^= byte;
    for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? (value >>> 1) ^ 0xedb88320 : value >>> 1;
  }
  const out = Buffer.alloc(4);
  out.writeUInt32BE((value ^ 0xffffffff) >>> 0);
  return out;
}

/** A real PNG of the given size, greyscale, a dark stroke across a white ground: a signature as a scan gives one. */
export function signaturePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(width + 1, 255);
    row[0] = 0;
    for (let x = 0; x < width; x += 1) if (Math.abs(y - height / 2 - (height / 4) * Math.sin(x / 12)) < 2) row[x + 1] = 20;
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
