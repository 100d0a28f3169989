import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files that compress well (WebAssembly to under half); images and fonts other than SVG are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/;
/** Below this, the saving is smaller than a network packet and not worth a file. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Dot folders (Vite's manifest in .vite/) are build metadata, never served.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* filesUnder(path);
    } else yield path;
  }
}

/** Brotli's text mode tunes its model for UTF-8; WebAssembly is binary, so it gets the generic mode. */
const brotliMode = (path: string) => (path.endsWith('.wasm') ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT);

async function precompress(path: string): Promise<void> {
  const body = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: brotliMode(path),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

/**
 * Writes `X.br` (brotli, highest quality) and `X.gz` (gzip, level 9) beside every compressible
 * file of the build (text, and WebAssembly) over a kilobyte, so the server sends compressed bytes without compressing on each
 * request (and with better ratios than it could afford per request).
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'festhub:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // After the public folder is copied too (theme-init.js, favicon.svg).
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const path of filesUnder(outDir)) {
        if (COMPRESSIBLE.test(path) && (await stat(path)).size > MIN_BYTES) work.push(precompress(path));
      }
      await Promise.all(work);
    },
  };
}
