// Gives the e2e server an empty database: drops and recreates the PostgreSQL database named
// by DATABASE_URL, or empties the embedded database's data folder when there is none.
import { rmSync } from 'node:fs';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR;

if (databaseUrl) {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  const quoted = `"${name.replaceAll('"', '""')}"`;
  await client.query(`drop database if exists ${quoted} with (force)`);
  await client.query(`create database ${quoted}`);
  await client.end();
} else if (dataDir) {
  rmSync(dataDir, { recursive: true, force: true });
}
