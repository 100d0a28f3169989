import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** History state for the page opened, e.g. where to return after signing in. */
  state?: unknown;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link within the app, navigating without a reload (a modified click or a `target` still opens
 * the browser's way). React Router's own `Link` carries its framework mode's route prefetching,
 * which this app never asks for but which every page would download with it: 2 kB gzip of the
 * home page's budget (docs/performance.md, Client). `eslint.config.js` points imports here.
 */
export function Link({ to, state, replace, target, onClick, children, ...anchor }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { state, replace, target });
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
}
