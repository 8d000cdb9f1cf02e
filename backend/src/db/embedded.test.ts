import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { startEmbeddedPostgres } from './embedded.js';
import { migrateAndSeed } from './migrate-and-seed.js';
import { ormModel } from '../modules/orm-model.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'v2mom-embedded-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function openFolder(): Promise<Database> {
  return openDatabase({ kind: 'embedded', server: startEmbeddedPostgres(dataDir) }, ormModel);
}

async function departmentNames(database: Database): Promise<string[]> {
  const rows = await database.orm.em.getConnection().execute<Array<{ name: string }>>('select name from department order by id');
  return rows.map((row) => row.name);
}

// Each start of a folder on disk takes seconds (PGlite initialises or replays it), hence the timeout.
describe('the embedded database kept in a data folder', () => {
  it('keeps what was written across a restart, and migrates a folder an older version left', async () => {
    const first = await openFolder();
    try {
      const [older, latest] = (await first.orm.migrator.getPending()).slice(-2).map((migration) => migration.name);
      // The folder as a release that knew every migration but the last one left it.
      await first.orm.migrator.up({ to: older });
      await first.orm.em.getConnection().execute(`insert into department (name, created_at, updated_at) values ('Kept', now(), now())`);
      expect((await first.orm.migrator.getPending()).map((migration) => migration.name)).toEqual([latest]);
    } finally {
      await first.close();
    }

    const second = await openFolder();
    try {
      expect(await departmentNames(second)).toEqual(['Kept']);
      expect(await migrateAndSeed(second, null)).toBe(false);
      expect(await second.orm.migrator.getPending()).toEqual([]);
      expect(await departmentNames(second)).toEqual(['Kept']);
      expect((await second.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
    } finally {
      await second.close();
    }
  }, 90_000);
});
