// `npm run test:budget`: fails when the home page's JavaScript (the entry and every chunk it
// imports statically, so everything the browser must fetch before the first page renders) is over
// the budget, measured as gzip at level 9, the bytes the server sends from the precompressed files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120_000;
const dist = join(import.meta.dirname, '../frontend/dist');

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error('client budget: frontend/dist/.vite/manifest.json is missing; run `npm run build -w frontend` first.');
  process.exit(1);
}

/** The manifest's keys of `key` and of everything it imports statically, each once. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const chunks = [...staticClosure(entry)].map((key) => {
  const body = readFileSync(join(dist, manifest[key].file));
  return { file: manifest[key].file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
});
const total = (field) => chunks.reduce((sum, chunk) => sum + chunk[field], 0);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

for (const chunk of chunks.sort((a, b) => b.gzip - a.gzip))
  console.log(`  ${chunk.file.padEnd(44)} ${kB(chunk.raw).padStart(9)}  gzip ${kB(chunk.gzip).padStart(8)}`);
const verdict = total('gzip') <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(`home route JavaScript: ${kB(total('raw'))}, gzip ${kB(total('gzip'))} (${verdict} the budget of ${kB(BUDGET_BYTES)})`);
if (verdict === 'OVER') process.exit(1);
