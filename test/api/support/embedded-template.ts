import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const MIGRATIONS = join(__dirname, '../../../backend/src/database/migrations');
const PGLITE_PACKAGE = join(__dirname, '../../../node_modules/@electric-sql/pglite/package.json');

/** Names the template by everything that shapes it: each migration and PGlite's version. */
function templateKey(): string {
  const digest = createHash('sha256').update(readFileSync(PGLITE_PACKAGE));
  for (const entry of readdirSync(MIGRATIONS, { recursive: true, withFileTypes: true }).filter((each) => each.isFile())) {
    digest.update(entry.name).update(readFileSync(join(entry.parentPath, entry.name)));
  }
  return digest.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty embedded database as an archive, made once per set of migrations and kept in
 * the system's temporary folder: a spec file's app starts from it instead of creating and migrating
 * a database of its own, a third of the time (the suite on the embedded database starts fifty).
 */
export async function embeddedTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `festival-embedded-template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const client = await PGlite.create('memory://');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
    const archive = await client.dumpDataDir('none');
    await client.close();
    // Written aside and renamed, so a suite beside this one never reads half an archive.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}
