import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { newContext, SUITE_CLOCK_START } from '../../support/clock.ts';
import { DEMO_PASSWORD } from '../../support/demo.ts';
import { dropDatabase, emptyDatabase, ownDatabaseUrl } from '../../support/empty-database.ts';
import { expectLiveAgain } from '../../support/live.ts';
import { startServer, stopServer, type StartedServer } from '../../support/server-process.ts';
import { expect, test } from '../../support/test.ts';

/**
 * A server restarted under an open page (docs/PRODUCT.md#recovery): the page reconnects by
 * itself, and since the new server cannot replay what it never saw, it refetches and shows what
 * changed while it was away. This spec runs servers of its own on one data folder (and, with
 * DATABASE_URL, one PostgreSQL database of its own), beside the suite's shared server.
 */

const TITLE = 'Company Operating Rhythm';
const RENAMED = 'Company Operating Rhythm (renamed while the server was down)';


/** Renames V2MOM 1 through a server of its own, as another person's save would. */
async function renameThrough(server: StartedServer): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    expect((await api.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } })).status()).toBe(200);
    expect((await api.put('/api/v2moms/1', { data: { title: RENAMED } })).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

test('a restarted server: the open page reconnects and shows what changed while it was down', { tag: '@smoke' }, async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'v2mom-restart-'));
  const databaseUrl = ownDatabaseUrl('e2e_restart');
  await emptyDatabase(databaseUrl, undefined);
  // On the suite's day, as its server: the demo these servers seed is the same whatever day it runs.
  const env = { DATA_DIR: dataDir, CLOCK_START: SUITE_CLOCK_START, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const servers: StartedServer[] = [];
  const start = async (port?: number) => {
    const server = await startServer(env, port);
    servers.push(server);
    return server;
  };
  try {
    const first = await start();
    const context = await newContext(browser, { baseURL: first.url });
    const page = await context.newPage();
    expect((await page.request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } })).status()).toBe(200);
    await page.goto('/v2mom/1');
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

    await stopServer(first);
    const elsewhere = await start();
    await renameThrough(elsewhere);
    await stopServer(elsewhere);
    await start(first.port);

    // No event of the rename ever reached this page: only the refetch after reconnecting shows it.
    await expectLiveAgain(page);
    await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
    await context.close();
  } finally {
    for (const server of servers) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseUrl);
  }
});
