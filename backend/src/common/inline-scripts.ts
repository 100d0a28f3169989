import { createHash } from 'node:crypto';

/** A classic script written into the page itself (no `src`): the client's pre-paint theme setter. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources that allow the page's own inline scripts and nothing else:
 * one `'sha256-…'` per script, hashed over its exact text as the browser does. Read from the
 * built page at start, so an edit to the script is allowed by the next start without a list to keep.
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, script]) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
}
