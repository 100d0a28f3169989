import type { ReactNode } from 'react';
import './Alert.css';

export type AlertTone = 'success' | 'error' | 'info';

/** A form's or a page's outcome message, announced when it appears. */
export function Alert({ tone, children }: { tone: AlertTone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
