// `npm start` runs this first: it builds the client and the server only when their sources
// (configs and the lockfile included) changed since their last build by this script, so a checkout
// that is already built starts at once. Each build's stamp, `dist/.built-from-sources`, carries the
// time the build started: a file saved during a build is newer, and the next start builds again.
// A build that fails leaves the stamp as it was; deleting `dist` rebuilds.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const SHARED = ['package.json', 'package-lock.json'];
const WORKSPACES = [
  {
    name: 'frontend',
    sources: [
      'frontend/src',
      'frontend/public',
      'frontend/vite',
      'frontend/index.html',
      'frontend/vite.config.ts',
      'frontend/tsconfig.json',
      'frontend/package.json',
    ],
  },
  {
    name: 'backend',
    sources: ['backend/src', 'backend/scripts', 'backend/tsconfig.json', 'backend/tsconfig.build.json', 'backend/package.json'],
  },
];

const mtimeOf = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs;

/** The newest modification time of a file or of any file under a folder (0 if it does not exist). */
function newest(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stats.mtimeMs);
}

for (const { name, sources } of WORKSPACES) {
  const stamp = join(root, name, 'dist/.built-from-sources');
  const builtAt = mtimeOf(stamp);
  const changedAt = Math.max(...[...sources, ...SHARED].map((path) => newest(join(root, path))));
  if (builtAt !== undefined && builtAt >= changedAt) {
    console.log(`${name}: up to date, not rebuilt`);
    continue;
  }
  const startedAt = new Date();
  console.log(`${name}: ${builtAt === undefined ? 'not built yet' : 'sources changed'}, building`);
  const build = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, '');
  utimesSync(stamp, startedAt, startedAt);
}
