import { describe, expect, it } from 'vitest';

// Every source file's text, keyed by its path relative to src/ ("features/events/EventCard.tsx").
const sources = Object.fromEntries(
  Object.entries(import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })).map(([path, text]) => [
    path.replace(/^\.\.\//, ''),
    text,
  ]),
);

/** Cross-cutting modules every feature may use through their hooks. */
const SHARED_FEATURES = new Set(['session', 'toasts', 'theme']);

function importsOf(text: string): string[] {
  return [...text.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
}

/** The src/-relative folder an import resolves into, e.g. "features/events". */
function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith('test/');

describe('module boundaries', () => {
  const appFiles = Object.keys(sources).filter((path) => !isTest(path));

  it('finds the source files', () => {
    expect(appFiles).toContain('features/events/EventCard.tsx');
  });

  it('keeps features out of each other, except the shared session, toasts and theme hooks', () => {
    const crossings = appFiles.flatMap((path) => {
      const [top, feature] = path.split('/');
      if (top !== 'features') return [];
      return importsOf(sources[path]!)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(path, specifier).split('/'))
        .filter(([area, target]) => area === 'features' && target !== feature && !SHARED_FEATURES.has(target!))
        .map((target) => `${path} -> ${target.join('/')}`);
    });
    expect(crossings).toEqual([]);
  });

  it('keeps shared layers (api, components, config, lib) free of app and feature imports', () => {
    const upward = appFiles
      .filter((path) => ['api', 'components', 'config', 'lib'].includes(path.split('/')[0]!))
      .flatMap((path) =>
        importsOf(sources[path]!)
          .filter((specifier) => specifier.startsWith('.'))
          .map((specifier) => resolve(path, specifier))
          .filter((target) => target.startsWith('features/') || target.startsWith('app/'))
          .map((target) => `${path} -> ${target}`),
      );
    expect(upward).toEqual([]);
  });
});
