import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text a PNG's QR code holds, read as a phone's camera would; throws when it holds none. */
export function readQr(png: Buffer): string {
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!found) throw new Error('no QR code in the image');
  return found.data;
}
