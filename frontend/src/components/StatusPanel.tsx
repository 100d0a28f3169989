import type { ReactNode } from 'react';
import './StatusPanel.css';

interface StatusPanelProps {
  title: string;
  tone?: 'neutral' | 'error' | 'success';
  /** Heading level that fits where the panel sits in the page outline. */
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
  /** Buttons or links offering the way on. */
  actions?: ReactNode;
}

/** Empty, error, success and not-found states share this frame. */
export function StatusPanel({ title, tone = 'neutral', headingLevel = 2, children, actions }: StatusPanelProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`status-panel status-panel--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <Heading className="status-panel__title">{title}</Heading>
      {children && <div className="status-panel__body">{children}</div>}
      {actions && <div className="status-panel__actions">{actions}</div>}
    </div>
  );
}
