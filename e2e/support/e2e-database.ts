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
