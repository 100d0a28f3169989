import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { qrPng } from './qr-png.js';

describe('qrPng', () => {
  it('draws a QR code a camera reads back to the text, square, with its margin white', () => {
    const image = PNG.sync.read(qrPng('7K3M9QXH2CVD4RTA'));
    // 21 modules (version 1) and 4 a side of margin, 6 pixels each.
    expect([image.width, image.height]).toEqual([174, 174]);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe('7K3M9QXH2CVD4RTA');
    const firstPixels = [...image.data.subarray(0, 4 * 24)];
    expect(firstPixels.every((value) => value === 255)).toBe(true);
  });

  it('grows with what it holds and still reads back', () => {
    const code = 'Ab3_-x9QzPq2Lm7Kd8Rt0W';
    const image = PNG.sync.read(qrPng(code, { scale: 4, margin: 2 }));
    expect(image.width).toBeGreaterThan((21 + 4) * 4);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(code);
  });
});
