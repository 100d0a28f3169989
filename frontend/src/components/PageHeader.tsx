import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** The small line above the title: whose page it is. */
  eyebrow: string;
  title: string;
  /** The lead sentence under the title. */
  children: ReactNode;
}

/** A page's heading block: eyebrow, the page's one h1, and a lead. */
export function PageHeader({ eyebrow, title, children }: PageHeaderProps) {
  return (
    <header className="section__header">
      <p className="section__eyebrow">{eyebrow}</p>
      <h1 className="page-title">{title}</h1>
      <p className="section__lead">{children}</p>
    </header>
  );
}
