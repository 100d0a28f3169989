// tsc compiles only TypeScript; the SQL migrations travel beside the compiled database module.
import { cpSync } from 'node:fs';

const from = new URL('../src/database/migrations', import.meta.url);
const to = new URL('../dist/database/migrations', import.meta.url);
cpSync(from, to, { recursive: true });
