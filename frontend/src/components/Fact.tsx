import type { ReactNode } from 'react';
import './panel.css';

/** One labelled fact in a `<dl className="facts">`. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
