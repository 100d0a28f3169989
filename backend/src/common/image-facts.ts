/** The image types the API takes (a signature's upload), as their media types. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** What an uploaded image's own bytes say it is: PNG or JPEG, and its size in pixels. */
interface ImageFacts {
  type: ImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Reads the type and the size from the image's header, whatever the request claimed: a PNG's
 * IHDR chunk, or a JPEG's first start-of-frame segment. Nothing for any other file, or a
 * truncated one.
 */
export function imageFacts(bytes: Buffer): ImageFacts | undefined {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { type: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegFacts(bytes);
  return undefined;
}

/** SOF0 to SOF15 carry the frame's size; C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding) do not. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegFacts(bytes: Buffer): ImageFacts | undefined {
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1];
    // Fill bytes and markers without a length (restart markers, TEM) carry no segment.
    if (marker === 0xff || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    if (isStartOfFrame(marker)) return { type: 'image/jpeg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}
