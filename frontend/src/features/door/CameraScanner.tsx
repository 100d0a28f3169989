import { useContext, useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { usePageVisible } from '../../lib/use-page-visible';
import { useScreenAwake } from '../../lib/use-screen-awake';
import { CameraError, type CameraFailure, type QrReader, ScannerDevicesContext } from './scanner-devices';

/** Time between two reads of the camera's picture: quick enough to feel instant, light on a phone's battery. */
const READ_EVERY_MS = 200;

type CameraState = 'starting' | 'live' | CameraFailure;
type ReaderState = QrReader | 'loading' | 'failed';

interface CameraScannerProps {
  /** While a ticket is being checked or a team's members chosen, no new code is read. */
  paused: boolean;
  /** Called for every picture read: with the QR code it holds, or undefined when it holds none. */
  onRead: (code: string | undefined) => void;
}

/**
 * The rear camera's picture, read for QR codes; says plainly why it cannot be. The page's bar
 * offers the other ways (typing the code, finding by name) whatever the camera does.
 */
export function CameraScanner({ paused, onRead }: CameraScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // The door works for a while with the phone held still: the screen must not dim or lock meanwhile.
  useScreenAwake();
  // Each "Try again" starts the camera and the reader anew.
  const [attempt, setAttempt] = useState(0);
  const camera = useCamera(videoRef, attempt);
  const reader = useReader(attempt);
  const reading = camera === 'live' && typeof reader === 'object' && !paused;
  const readerFailed = useScanLoop(videoRef, reading ? reader : null, onRead);
  const retry = () => setAttempt((count) => count + 1);
  const problem = camera !== 'live' && camera !== 'starting' ? camera : reader === 'failed' || readerFailed ? 'reader' : null;
  return (
    <section className="camera" aria-label="Camera">
      <div className="camera__frame" hidden={problem !== null}>
        <video ref={videoRef} className="camera__video" muted playsInline aria-label="Camera view" />
        {camera === 'live' && <span className="camera__guide" aria-hidden="true" />}
        {camera === 'starting' && (
          <div className="camera__waiting">
            <Spinner label="Starting the camera…" />
            <p>Allow the camera when your browser asks.</p>
          </div>
        )}
        {camera === 'live' && reader === 'loading' && <p className="camera__note">Loading the QR reader…</p>}
        {reading && <p className="camera__note">Point the camera at the QR code on the ticket.</p>}
      </div>
      {problem && <CameraProblem problem={problem} onRetry={retry} />}
    </section>
  );
}

const PROBLEMS: Record<CameraFailure | 'reader', { title: string; text: string }> = {
  denied: {
    title: 'Camera access is blocked',
    text: 'To scan tickets, allow the camera for this site: tap the lock or camera icon beside the address, set Camera to Allow, then try again. (On an iPhone: Settings › Safari › Camera.)',
  },
  missing: {
    title: 'No camera found',
    text: 'This device offers no camera to this page (a camera needs the site to open over https). Type the ticket code or find the student by name instead, with the buttons below.',
  },
  failed: {
    title: 'The camera could not start',
    text: 'Another app may be using it. Close that app, then try again.',
  },
  reader: {
    title: 'The QR reader could not start',
    text: 'The scanner could not read the camera picture. Check the connection and try again, or type the ticket code below.',
  },
};

function CameraProblem({ problem, onRetry }: { problem: CameraFailure | 'reader'; onRetry: () => void }) {
  const { title, text } = PROBLEMS[problem];
  // No camera is no camera: trying again would not help.
  const retry =
    problem === 'missing' ? undefined : (
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    );
  return (
    <StatusPanel title={title} tone="error" actions={retry}>
      <p>{text}</p>
    </StatusPanel>
  );
}

/**
 * Starts the camera in `video` for as long as the scanner shows and the page is in sight, and turns
 * it off when either goes: a phone locked or a tab left freezes the picture (or ends the camera),
 * so it is started afresh on return. A camera that ends of itself shows as failed, with a retry.
 */
function useCamera(video: RefObject<HTMLVideoElement | null>, attempt: number): CameraState {
  const devices = useContext(ScannerDevicesContext);
  const visible = usePageVisible();
  const [state, setState] = useState<CameraState>('starting');
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let gone = false;
    let stop: (() => void) | undefined;
    setState('starting');
    if (!visible) return;
    const ended = () => !gone && setState('failed');
    devices.startCamera(element, ended).then(
      (stopCamera) => {
        if (gone) stopCamera();
        else {
          stop = stopCamera;
          setState('live');
        }
      },
      (error: unknown) => !gone && setState(error instanceof CameraError ? error.reason : 'failed'),
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [devices, video, attempt, visible]);
  return state;
}

function useReader(attempt: number): ReaderState {
  const devices = useContext(ScannerDevicesContext);
  const [reader, setReader] = useState<ReaderState>('loading');
  useEffect(() => {
    let gone = false;
    setReader('loading');
    devices.loadReader().then(
      (loaded) => !gone && setReader(loaded),
      () => !gone && setReader('failed'),
    );
    return () => {
      gone = true;
    };
  }, [devices, attempt]);
  return reader;
}

/** Reads the camera's picture every READ_EVERY_MS while `reader` is given; answers whether a read failed. */
function useScanLoop(video: RefObject<HTMLVideoElement | null>, reader: QrReader | null, onRead: (code: string | undefined) => void): boolean {
  const [failed, setFailed] = useState(false);
  const found = useEffectEvent(onRead);
  useEffect(() => {
    const element = video.current;
    if (!reader || !element) return;
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setFailed(false);
    const readOnce = async () => {
      try {
        const [code] = await reader.read(element);
        if (!gone) found(code);
      } catch {
        if (!gone) setFailed(true);
        return;
      }
      if (!gone) timer = setTimeout(() => void readOnce(), READ_EVERY_MS);
    };
    void readOnce();
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [video, reader]);
  return failed;
}
