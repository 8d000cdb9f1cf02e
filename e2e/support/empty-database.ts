import { rmSync } from 'node:fs';
import pg from 'pg';

const quotedNameOf = (databaseUrl: string) => `"${decodeURIComponent(new URL(databaseUrl).pathname.slice(1)).replaceAll('"', '""')}"`;

/** Runs `statement` on the maintenance database of the server `databaseUrl` names. */
async function onServer(databaseUrl: string, statement: (quotedName: string) => string): Promise<void> {
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(statement(quotedNameOf(databaseUrl)));
  } finally {
    await client.end();
  }
}

/**
 * An empty database for a server to migrate and seed: the PostgreSQL database `databaseUrl`
 * names dropped and created again, or, without one, the embedded database's data folder emptied.
 */
export async function emptyDatabase(databaseUrl: string | undefined, dataDir: string | undefined): Promise<void> {
  if (databaseUrl) {
    await onServer(databaseUrl, (name) => `drop database if exists ${name} with (force)`);
    await onServer(databaseUrl, (name) => `create database ${name}`);
  } else if (dataDir) {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Drops the PostgreSQL database `databaseUrl` names. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  await onServer(databaseUrl, (name) => `drop database if exists ${name} with (force)`);
}

/**
 * A copy of the database `sourceUrl` names, as `copyUrl` names it, on the same server (PostgreSQL
 * copies its files: seconds for a company-sized one). PostgreSQL refuses while anyone else is
 * connected to the source.
 */
export async function copyDatabase(sourceUrl: string, copyUrl: string): Promise<void> {
  await onServer(copyUrl, (name) => `create database ${name} template ${quotedNameOf(sourceUrl)}`);
}

/**
 * A database of a spec's own beside DATABASE_URL's (`<name>_<suffix>`), for a server the spec starts
 * itself; undefined on the embedded database, where the server's data folder is its own.
 */
export function ownDatabaseUrl(suffix: string): string | undefined {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/^\//, '') || 'postgres'}_${suffix}`;
  return url.toString();
}
