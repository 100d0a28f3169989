// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { ConfigError, loadConfig } from '../config/app-config.js';
import { openDatabase, waitForDatabase } from './open-database.js';

try {
  const config = loadConfig(process.env);
  await waitForDatabase(config);
  const database = await openDatabase(config);
  await database.close();
  console.log('Migrations are up to date.');
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
