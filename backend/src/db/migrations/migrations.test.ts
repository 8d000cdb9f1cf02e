import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

describe('committed migrations', () => {
  it('bring an empty database exactly to the schema the entities describe', async () => {
    expect(await app.orm.migrator.getPending()).toEqual([]);
    const diff = await app.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });
});
