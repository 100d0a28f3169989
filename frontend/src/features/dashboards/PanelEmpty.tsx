import type { ReactNode } from 'react';

/** A panel's empty state, quieter than a page's StatusPanel: it sits among figures that did load. */
export function PanelEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="panel-empty">
      <p className="panel-empty__title">{title}</p>
      {children && <p className="panel__hint">{children}</p>}
    </div>
  );
}
