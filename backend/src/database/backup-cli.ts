// `npm run backup -- <file>` and `npm run restore -- <file>`: the configured database (DATABASE_URL,
// or the embedded one in DATA_DIR) to a file, or a file into an empty database. See backup.ts.
import { ConfigError, loadConfig } from '../config/app-config.js';
import { backUpEmbedded, backUpPostgres, restoreEmbedded, restorePostgres } from './backup.js';

const [command, file] = process.argv.slice(2);
// npm runs the script in the backend's folder: the file and DATA_DIR are read where it was typed.
process.chdir(process.env.INIT_CWD ?? process.cwd());

async function main(): Promise<void> {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new ConfigError(['Usage: npm run backup -- <file>, or npm run restore -- <file>']);
  }
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    await (command === 'backup' ? backUpPostgres : restorePostgres)(config.databaseUrl, file);
  } else if (command === 'backup') {
    await backUpEmbedded(config.dataDir, file);
  } else {
    await restoreEmbedded(config.dataDir, file);
  }
  console.log(command === 'backup' ? `Backed up to ${file}.` : `Restored from ${file}; the server migrates it on its next start if it is older.`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
