import type { ReactNode } from 'react';
import './auth.css';

interface AuthCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** Links to the other account pages, under the form. */
  footer?: ReactNode;
}

/** The frame every account page shares: a centred card with a title. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <header className="auth-card__header">
          <h1 id="auth-title">{title}</h1>
          <p>{subtitle}</p>
        </header>
        {children}
        {footer && <footer className="auth-card__footer">{footer}</footer>}
      </section>
    </div>
  );
}
