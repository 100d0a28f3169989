// `npm run lint:api`: writes the API document (no database needed) and lints it with Redocly's
// recommended rules and Spectral's OpenAPI rules. Any error or warning fails the run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
// No usage reports or update checks from the linters.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  return result;
}

/** Redocly exits 0 on warnings, so its JSON report is counted here. */
function redocly(file) {
  const { stdout, stderr } = run(bin('redocly'), ['lint', file, '--config', 'redocly.yaml', '--format', 'json', '--max-problems', '1000']);
  const start = stdout.indexOf('{');
  if (start < 0) {
    process.stdout.write(stderr);
    console.log('Redocly: no report');
    return false;
  }
  const report = JSON.parse(stdout.slice(start));
  for (const problem of report.problems) {
    const where = problem.location?.[0]?.pointer ?? '';
    console.log(`  ${problem.severity}  ${problem.ruleId}  ${where}  ${problem.message}`);
  }
  const { errors, warnings } = report.totals;
  console.log(`Redocly: ${errors} errors, ${warnings} warnings`);
  return errors + warnings === 0;
}

function spectral(file) {
  const { status, stdout, stderr } = run(bin('spectral'), ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', '--format', 'stylish']);
  process.stdout.write(stdout + stderr);
  console.log(`Spectral: ${status === 0 ? 'no problems' : 'problems found'}`);
  return status === 0;
}

const dir = mkdtempSync(join(tmpdir(), 'api-document-'));
try {
  const file = join(dir, 'openapi.json');
  const written = run(process.execPath, [join(root, 'backend/dist/api-document-cli.js'), file], { stdio: 'inherit' });
  if (written.status !== 0) process.exit(written.status ?? 1);
  const clean = [redocly(file), spectral(file)].every(Boolean);
  process.exitCode = clean ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
