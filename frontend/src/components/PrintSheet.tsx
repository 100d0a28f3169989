import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './PrintSheet.css';

interface PrintSheetProps {
  /** The sheet's title, above what it prints. */
  title: string;
  children: ReactNode;
  /** Once the print dialog has closed, printed or not. */
  onDone: () => void;
}

/**
 * Prints a sheet of its own instead of the page: the sheet is put at the end of the body, hidden
 * on screen, and alone on paper (`PrintSheet.css`); the browser's print dialog opens as it mounts.
 */
export function PrintSheet({ title, children, onDone }: PrintSheetProps) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const closed = () => done.current();
    window.addEventListener('afterprint', closed);
    window.print();
    return () => window.removeEventListener('afterprint', closed);
  }, []);
  return createPortal(
    <div className="print-sheet">
      <h1 className="print-sheet__title">{title}</h1>
      {children}
    </div>,
    document.body,
  );
}
