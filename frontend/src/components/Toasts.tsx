import { useEffect, useState } from 'react';
import './Toasts.css';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastView {
  id: string;
  message: string;
  type: ToastType;
  /** ms on screen; 0 or less stays until dismissed. */
  duration: number;
  /** Playing its exit animation; removed when that ends. */
  leaving: boolean;
}

const TOAST_TICK_MS = 50;
const TOAST_EXIT_MS = 300;

const typeNames: Record<ToastType, string> = { success: 'Success', error: 'Error', warning: 'Warning', info: 'Information' };
const typeIcons: Record<ToastType, string> = { success: '✓', error: '✕', warning: '!', info: 'i' };

interface ToastsProps {
  toasts: ToastView[];
  /** Starts a toast's exit animation. */
  onDismiss: (id: string) => void;
  /** Drops a toast once its exit animation has played. */
  onRemove: (id: string) => void;
  onClearAll: () => void;
}

export function Toasts({ toasts, onDismiss, onRemove, onClearAll }: ToastsProps) {
  return (
    <section className="toasts" aria-label="Notifications">
      {/* Always mounted so screen readers are already listening when the first toast arrives. */}
      <ol className="toasts__list" aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} onRemove={onRemove} />
        ))}
      </ol>
      {toasts.length > 1 && (
        <button type="button" className="toasts__clear" onClick={onClearAll}>
          Clear all
        </button>
      )}
    </section>
  );
}

interface ToastItemProps {
  toast: ToastView;
  onDismiss: (id: string) => void;
  onRemove: (id: string) => void;
}

function ToastItem({ toast, onDismiss, onRemove }: ToastItemProps) {
  const [paused, setPaused] = useState(false);
  const remaining = useRemainingTime(toast, paused);
  const timed = toast.duration > 0;

  useEffect(() => {
    if (timed && remaining <= 0 && !toast.leaving) onDismiss(toast.id);
  }, [timed, remaining, toast.leaving, toast.id, onDismiss]);

  useEffect(() => {
    if (!toast.leaving) return;
    const timer = setTimeout(() => onRemove(toast.id), TOAST_EXIT_MS);
    return () => clearTimeout(timer);
  }, [toast.leaving, toast.id, onRemove]);

  return (
    <li
      className={`toast toast--${toast.type}${toast.leaving ? ' toast--leaving' : ''}`}
      // Hovering or focusing a toast holds it, so it can be read or its button reached.
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast__icon" aria-hidden="true">
        {typeIcons[toast.type]}
      </span>
      <p className="toast__message">
        <span className="visually-hidden">{typeNames[toast.type]}: </span>
        {toast.message}
      </p>
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
      {timed && <span className="toast__timer" style={{ width: `${Math.max(0, remaining / toast.duration) * 100}%` }} aria-hidden="true" />}
    </li>
  );
}

/** Time left for a timed toast, counted in 50 ms ticks that stop while paused or leaving. */
function useRemainingTime(toast: ToastView, paused: boolean): number {
  const [remaining, setRemaining] = useState(toast.duration);
  const running = toast.duration > 0 && !paused && !toast.leaving;

  useEffect(() => {
    if (!running) return;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      const elapsed = now - last;
      last = now;
      setRemaining((left) => left - elapsed);
    }, TOAST_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  return remaining;
}
