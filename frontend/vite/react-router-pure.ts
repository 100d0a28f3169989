import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const REACT_ROUTER = /\/node_modules\/react-router\/dist\/.*\.m?js$/;
const PRODUCTION_BUILD = fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/'));
/** `var Link = React10.forwardRef(`: creating a component or context has no side effect. */
const TOP_LEVEL_FACTORY = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;
/** `Link.displayName = "Link";`: names for React's developer tools, which production builds do without. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/**
 * React Router ships its components and contexts as top-level calls without the `@__PURE__`
 * annotation bundlers rely on, each followed by a `displayName` assignment, so every one of them
 * stays in the bundle whether the app uses it or not (Form, NavLink, the framework's prefetching:
 * 6 kB, 1.7 kB gzip on the home page). This marks the calls pure and drops the names in
 * production builds; the line count is kept, so source maps stay right.
 *
 * It also builds against React Router's production files: its package exports only the
 * development ones, whose warnings (`ENABLE_DEV_WARNINGS = true`) no minifier can drop (0.5 kB
 * gzip). The development server and the tests keep the warnings.
 */
export function reactRouterPurePlugin(): Plugin {
  return {
    name: 'festhub:react-router-pure',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: PRODUCTION_BUILD }] } }),
    transform: {
      filter: { id: REACT_ROUTER },
      handler(code) {
        return { code: code.replace(TOP_LEVEL_FACTORY, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, ''), map: null };
      },
    },
  };
}
