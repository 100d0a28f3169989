import type { ReactNode, Ref } from 'react';
import './Alert.css';

export type AlertTone = 'success' | 'error' | 'info';

interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
  /** Given where focus goes after the action it reports: focusable by script, not by Tab. */
  ref?: Ref<HTMLDivElement>;
}

/** A form's or a page's outcome message, announced when it appears. */
export function Alert({ tone, children, ref }: AlertProps) {
  return (
    <div ref={ref} tabIndex={ref ? -1 : undefined} className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
