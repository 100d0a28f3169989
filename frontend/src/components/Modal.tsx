import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './Modal.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  /** Escape, a click on the backdrop and the close button all call this. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog: mounted means open. Focus moves into it (its first form control, else its
 * first focusable element), stays inside while Tab cycles, and returns where it was on close.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && dialogRef.current) {
      trapTab(event, dialogRef.current);
    }
  });

  useEffect(() => {
    const returnTo = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    if (!dialog) return;
    (dialog.querySelector<HTMLElement>('input, select, textarea') ?? dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    const keyDown = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', keyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', keyDown);
      document.body.style.overflow = overflow;
      returnTo?.focus();
    };
  }, []);

  return createPortal(
    <div
      className="modal-backdrop"
      // A pointer's way out; the keyboard's is Escape (onKeyDown above), so the backdrop itself is
      // presentation, not a control.
      role="presentation"
      // Closes only when the press both starts and ends on the backdrop, so selecting text in a
      // field and releasing outside the dialog does not throw the form away.
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={dialogRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        {/* Not a <header>: portalled into <body>, it would be a second banner landmark. */}
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** Keeps Tab and Shift+Tab cycling inside the dialog. */
function trapTab(event: KeyboardEvent, dialog: HTMLElement): void {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (focusable.length === 0) {
    event.preventDefault();
    return;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

interface ModalActionsProps {
  onCancel: () => void;
  /** The action's label, and its label while it runs (for an action that waits on the server). */
  action: string;
  busyAction?: string;
  busy?: boolean;
  /** Also disabled while the form cannot be sent yet. */
  disabled?: boolean;
  /** Without it the action submits the dialog's form; with it, it is a plain button. */
  onAction?: () => void;
  danger?: boolean;
  /** The way out's label, where "Cancel" would be ambiguous (cancelling an invitation). */
  cancelLabel?: string;
}

/** A dialog's Cancel and its action, the action disabled while it runs. */
export function ModalActions({
  onCancel,
  action,
  busyAction = action,
  busy = false,
  disabled = false,
  onAction,
  danger = false,
  cancelLabel = 'Cancel',
}: ModalActionsProps) {
  return (
    <div className="modal__actions">
      <button type="button" className="button button--ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type={onAction ? 'button' : 'submit'}
        className={`button ${danger ? 'button--danger' : 'button--primary'}`}
        onClick={onAction}
        disabled={disabled || busy}
      >
        {busy ? busyAction : action}
      </button>
    </div>
  );
}
