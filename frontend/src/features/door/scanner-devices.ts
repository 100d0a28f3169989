import { createContext } from 'react';
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** Reads the QR codes in the camera's current picture. */
export interface QrReader {
  read(video: HTMLVideoElement): Promise<string[]>;
}

/** Why the camera did not start: refused by the person or the browser, absent, or broken. */
export type CameraFailure = 'denied' | 'missing' | 'failed';

export class CameraError extends Error {
  constructor(readonly reason: CameraFailure) {
    super(`Camera ${reason}`);
  }
}

/** What the scanner needs from the device; tests give it a camera and a reader of their own. */
export interface ScannerDevices {
  /**
   * Shows the rear camera in `video`; answers the function that turns it off. Rejects with a
   * CameraError. `onEnded` is called if the camera stops of itself (unplugged, taken by another app).
   */
  startCamera(video: HTMLVideoElement, onEnded: () => void): Promise<() => void>;
  /** The QR reader, loaded on first use. */
  loadReader(): Promise<QrReader>;
}

async function startCamera(video: HTMLVideoElement, onEnded: () => void): Promise<() => void> {
  // Browsers offer no camera to a page on a plain http address other than localhost.
  if (!('mediaDevices' in navigator)) throw new CameraError('missing');
  let stream: MediaStream;
  try {
    // The rear camera where there is one; a laptop's only camera otherwise.
    stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } } });
  } catch (error) {
    throw new CameraError(failureOf(error));
  }
  // A track stopped by this page fires no 'ended': the event means the device let go of it.
  stream.getVideoTracks().forEach((track) => track.addEventListener('ended', onEnded, { once: true }));
  const stop = () => stream.getTracks().forEach((track) => track.stop());
  video.srcObject = stream;
  try {
    await video.play();
  } catch {
    stop();
    throw new CameraError('failed');
  }
  return stop;
}

function failureOf(error: unknown): CameraFailure {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/** The browser's own Barcode Detection API (Android, ChromeOS, macOS), where it has one. */
interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeQrReader(): Promise<QrReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector || !(await supportsQr(Detector))) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return { read: async (video) => (await detector.detect(video)).map((code) => code.rawValue) };
}

/** Whether the browser's detector reads QR codes; one that cannot say (it rejects) is passed over for ZXing's. */
async function supportsQr(Detector: NativeBarcodeDetectorClass): Promise<boolean> {
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code');
  } catch {
    return false;
  }
}

/** Frames are read at most this wide: enough for a ticket held at arm's length, and quick on a phone. */
const FRAME_WIDTH = 640;

/**
 * ZXing's C++ reader built to WebAssembly, fetched from this site (not a CDN) the first time the
 * scanner runs where the browser reads no QR codes itself (most desktops, Firefox, iOS Safari).
 */
async function zxingQrReader(): Promise<QrReader> {
  const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path) },
    fireImmediately: true,
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas to read camera frames from');
  return {
    read: async (video) => {
      if (video.videoWidth === 0) return [];
      const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const found = await readBarcodes(context.getImageData(0, 0, canvas.width, canvas.height), { formats: ['QRCode'], maxNumberOfSymbols: 1 });
      return found.filter((code) => code.isValid).map((code) => code.text);
    },
  };
}

const browserDevices: ScannerDevices = {
  startCamera,
  loadReader: async () => (await nativeQrReader()) ?? zxingQrReader(),
};

/** The scanner's devices: the browser's, unless a test provides its own. */
export const ScannerDevicesContext = createContext<ScannerDevices>(browserDevices);
