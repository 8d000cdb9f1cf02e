import pg from 'pg';

/**
 * The PostgreSQL database the e2e server runs on: a fresh `<db>_e2e` database beside DATABASE_URL
 * when it is set; undefined when the server runs on an embedded database of its own.
 */
export function e2eDatabaseUrl(url: string | undefined = process.env.DATABASE_URL): string | undefined {
  if (!url) return undefined;
  const target = new URL(url);
  target.pathname = `${target.pathname.replace(/^\//, '') || 'postgres'}_e2e`;
  return target.toString();
}

/**
 * Runs `statement` on the e2e server's database, for what no API may do (an email queued by a job,
 * time passing for weeks). The server's cached reads do not see such a change until a write
 * through the API moves them on.
 */
export async function queryE2eDatabase(statement: string, values: unknown[]): Promise<void> {
  const url = e2eDatabaseUrl();
  if (!url) throw new Error('The e2e server runs on the embedded database: there is no PostgreSQL database to change');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}
