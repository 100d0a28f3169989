// The bench's results as a Markdown table, printed and written into docs/performance.md between
// markers (`<!-- bench:NAME -->` … `<!-- /bench:NAME -->`), replaced by each run.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const PERFORMANCE_DOC = new URL('../docs/performance.md', import.meta.url);

/** Where and when the figures were taken: they mean little without it. */
export async function machineLine(db, settings) {
  const { rows } = await db.query('show server_version');
  const cpus = os.cpus();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return `Run on ${when} UTC: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), PostgreSQL ${rows[0].server_version.split(' ')[0]}, Node ${process.versions.node}; ${settings}.`;
}

export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Prints the section and puts it between its markers in docs/performance.md (at the end the first time). */
export function publish(name, section) {
  console.log(`\n${section}\n`);
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const doc = readFileSync(PERFORMANCE_DOC, 'utf8');
  const block = `${open}\n${section}\n${close}`;
  // The markers count only on lines of their own: the prose may name them.
  const between = new RegExp(`^${open}$[\\s\\S]*?^${close}$`, 'm');
  const updated = between.test(doc) ? doc.replace(between, () => block) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(PERFORMANCE_DOC, updated);
  console.log(`Written to docs/performance.md between ${open} and ${close}.`);
}

export const verdict = (ok) => (ok ? 'met' : '**missed**');
