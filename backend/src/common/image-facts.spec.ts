import { imageFacts } from './image-facts.js';

/** The start of a PNG, as far as its size: the signature and the IHDR chunk's first fields. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(24);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

/** The start of a JPEG: SOI, an APP0 segment, then a baseline frame header (SOF0) of the given size. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xd9])]);
}

describe('imageFacts', () => {
  it('reads a PNG and a JPEG by their bytes, with their sizes', () => {
    expect(imageFacts(png(320, 90))).toEqual({ type: 'image/png', width: 320, height: 90 });
    expect(imageFacts(jpeg(600, 200))).toEqual({ type: 'image/jpeg', width: 600, height: 200 });
  });

  it('knows nothing of another file, or of a truncated one', () => {
    expect(imageFacts(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeUndefined();
    expect(imageFacts(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(imageFacts(png(10, 10).subarray(0, 20))).toBeUndefined();
    expect(imageFacts(jpeg(10, 10).subarray(0, 12))).toBeUndefined();
  });
});
