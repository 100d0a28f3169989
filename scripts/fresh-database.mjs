// A fresh PostgreSQL database beside the one DATABASE_URL names, for a run that must start empty
// (browser journeys, benchmarks). Answers its URL.
import pg from 'pg';

export async function freshDatabase(baseUrl, suffix) {
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1) || 'postgres'}_${suffix}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}
