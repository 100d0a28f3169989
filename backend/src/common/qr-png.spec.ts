import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { qrPng } from './qr-png.js';

/** Whether the pixel at (x, y) of a decoded PNG is black (every channel dark). */
const isBlack = (image: PNG, x: number, y: number) => image.data[(y * image.width + x) * 4] < 128;

describe('qrPng', () => {
  it("draws the QR library's modules, each `scale` pixels square, black on white inside a white margin", () => {
    const code = '7K3M9QXH2CVD4RTA';
    const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
    const [scale, margin] = [6, 4];
    const image = PNG.sync.read(qrPng(code, { scale, margin }));
    // 21 modules (version 1) and 4 a side of margin, 6 pixels each.
    expect([image.width, image.height]).toEqual([174, 174]);
    for (let row = -margin; row < modules.size + margin; row++) {
      for (let column = -margin; column < modules.size + margin; column++) {
        const dark = row >= 0 && column >= 0 && row < modules.size && column < modules.size && modules.get(row, column) === 1;
        // A module's first and last pixel, both ways: no module bleeds into the next.
        for (const [dx, dy] of [
          [0, 0],
          [scale - 1, scale - 1],
        ]) {
          expect(isBlack(image, (column + margin) * scale + dx, (row + margin) * scale + dy)).toBe(dark);
        }
      }
    }
  });

  it('grows with what it holds', () => {
    const image = PNG.sync.read(qrPng('Ab3_-x9QzPq2Lm7Kd8Rt0W', { scale: 4, margin: 2 }));
    expect(image.width).toBeGreaterThan((21 + 4) * 4);
  });
});
