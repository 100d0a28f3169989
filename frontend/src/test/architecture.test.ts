import { describe, expect, it } from 'vitest';

// Every source file's text, keyed by its path relative to src/ ("features/events/EventCard.tsx").
// The glob names this folder's own files "./x.ts".
const sources = Object.fromEntries(
  Object.entries(import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })).map(([path, text]) => [
    path.replace(/^\.\.\//, '').replace(/^\.\//, 'test/'),
    text,
  ]),
);

/**
 * The layers, top first (frontend/README.md): a file imports its own folder or a lower layer.
 * Folders on one level stay out of each other, except lib and config, the foundation.
 */
const LAYERS = [['main.tsx', 'app'], ['features'], ['session', 'toasts', 'theme'], ['components'], ['api'], ['lib', 'config']];

function importsOf(text: string): string[] {
  return [...text.matchAll(/^import[^'"]*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/gm)].map((match) => (match[1] ?? match[2]));
}

/** The src/-relative path an import resolves to, e.g. "features/events/events-api". */
function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

const layerOf = (path: string) => LAYERS.findIndex((folders) => folders.includes(path.split('/')[0]));

/** What may import within itself: the app (with main.tsx), one feature, the foundation, or a shared folder. */
function unitOf(path: string): string {
  const [top, feature] = path.split('/');
  if (top === 'features') return `features/${feature}`;
  if (layerOf(path) === 0) return 'app';
  return layerOf(path) === LAYERS.length - 1 ? 'foundation' : top;
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith('test/');

describe('module boundaries', () => {
  const appFiles = Object.keys(sources).filter((path) => !isTest(path));
  const crossings = (allowed: (from: string, to: string) => boolean) =>
    appFiles.flatMap((path) =>
      importsOf(sources[path])
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(path, specifier))
        .filter((target) => !allowed(path, target))
        .map((target) => `${path} -> ${target}`),
    );

  it('finds the source files, each in a layer', () => {
    expect(appFiles).toContain('features/events/EventCard.tsx');
    expect(appFiles.filter((path) => layerOf(path) === -1)).toEqual(['vite-env.d.ts']);
  });

  it('keeps features out of each other', () => {
    const isFeature = (path: string) => path.startsWith('features/');
    expect(crossings((from, to) => !(isFeature(from) && isFeature(to)) || unitOf(from) === unitOf(to))).toEqual([]);
  });

  it('imports only downwards: shared layers never reach features or app, nor their neighbours', () => {
    expect(crossings((from, to) => unitOf(from) === unitOf(to) || layerOf(to) > layerOf(from))).toEqual([]);
  });
});
