import {
  ZConflictBodySchema,
  ZMethodListItemSchema,
  ZObstacleSchema,
  ZV2momCompleteSchema,
  ZV2momDocumentSavedSchema,
  type TMethodListItem,
  type TV2momComplete,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeLog } from '../change-log/change-log.entity.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { asForm } from '../../test/document-form.js';
import { readEveryMethod } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Links between items (a method's values, an obstacle's methods) changed by two writers
 * (docs/PRODUCT.md#merge): the change log records them as a field of the owning item, so a stale
 * write conflicts on the links only when both changed the same item's links differently.
 */

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member', 'viewer']);
});
afterAll(() => app.stop());

async function method(prefix: string): Promise<TMethodListItem> {
  const found = (await readEveryMethod(as('viewer'))).find((candidate) => candidate.description.startsWith(prefix));
  if (!found) throw new Error(`No demo method '${prefix}'`);
  return found;
}

async function v2momOf(row: TMethodListItem): Promise<TV2momComplete> {
  return ZV2momCompleteSchema.parse((await as('viewer').get(`/api/v2moms/${row.v2momId}/complete`).expect(200)).body);
}

/** Two values of the method's V2MOM it does not link yet, or links as the only one. */
function otherValues(document: TV2momComplete, row: TMethodListItem): [number, number] {
  const [first, second] = document.values.map((value) => value.id).filter((id) => !row.linkedValues.includes(id));
  const [linked] = row.linkedValues;
  const pair = [first ?? linked, second ?? linked];
  if (pair[0] === undefined || pair[1] === undefined || pair[0] === pair[1]) throw new Error('The demo V2MOM needs more values');
  return pair as [number, number];
}

describe('links in the change log', () => {
  it('gives a links-only change a version and logs the old and new ids as a field of the method', async () => {
    const row = await method('Relaunch the website');
    const [value] = otherValues(await v2momOf(row), row);
    const answer = await as('admin').put(`/api/methods/${row.id}`, { version: row.version, linkedValues: [value] }).expect(200);
    expect(ZMethodListItemSchema.parse(answer.body)).toMatchObject({ version: row.version + 1, linkedValues: [value] });
    // The same writer again: nothing but the links changes, and it still counts as a write.
    const again = await as('admin').put(`/api/methods/${row.id}`, { version: row.version + 1, linkedValues: [] }).expect(200);
    expect(ZMethodListItemSchema.parse(again.body).version).toBe(row.version + 2);
    const entries = await app.orm.em.fork().find(ChangeLog, { entity: 'method', rowId: row.id, version: { $gt: row.version } }, { orderBy: { version: 'asc' } });
    const before = JSON.stringify([...row.linkedValues].sort((a, b) => a - b));
    expect(entries.map((entry) => entry.fields['linkedValues'])).toEqual([
      { old: before, new: `[${value}]` },
      { old: `[${value}]`, new: '[]' },
    ]);
  });
});

// The quarter fields written here are Q4's: the demo reviews the last quarter that ended in its
// year, which locks that quarter's goal and measure, and a Q4 that ended ended the year.
describe('two writers, one method', () => {
  it("keeps both when one changed the links and the other another field on the same version", async () => {
    const row = await method('Run a monthly customer-led webinar');
    const [value] = otherValues(await v2momOf(row), row);
    await as('admin').put(`/api/methods/${row.id}`, { version: row.version, linkedValues: [value] }).expect(200);
    const answer = await as('member').put(`/api/methods/${row.id}`, { version: row.version, measure: 'Attendees' }).expect(200);
    expect(ZMethodListItemSchema.parse(answer.body)).toMatchObject({ measure: 'Attendees', linkedValues: [value], version: row.version + 2 });
  });

  it('does not undo the links another changed when the stale write sends them as they were', async () => {
    const row = await method('Run a monthly customer-led webinar');
    const [value] = otherValues(await v2momOf(row), row);
    await as('admin').put(`/api/methods/${row.id}`, { version: row.version, linkedValues: [value] }).expect(200);
    const answer = await as('member')
      .put(`/api/methods/${row.id}`, { version: row.version, linkedValues: row.linkedValues, q4Goal: 'Mine' })
      .expect(200);
    expect(ZMethodListItemSchema.parse(answer.body)).toMatchObject({ q4Goal: 'Mine', linkedValues: [value] });
  });

  it('answers 409 on the links when both changed them differently, and writes nothing', async () => {
    const row = await method('Run a monthly customer-led webinar');
    const [first, second] = otherValues(await v2momOf(row), row);
    await as('admin').put(`/api/methods/${row.id}`, { version: row.version, linkedValues: [first] }).expect(200);
    const stale = await as('member').put(`/api/methods/${row.id}`, { version: row.version, linkedValues: [second], q4Goal: 'Not written' }).expect(409);
    expect(ZConflictBodySchema.parse(stale.body).fields).toEqual([
      expect.objectContaining({ entity: 'method', id: row.id, field: 'linkedValues', yours: `[${second}]`, theirs: `[${first}]` }),
    ]);
    expect(await method('Run a monthly customer-led webinar')).toMatchObject({ linkedValues: [first], q4Goal: row.q4Goal, version: row.version + 1 });
  });

  it('passes when both set the same links, in another order', async () => {
    const row = await method('Run a monthly customer-led webinar');
    const [first, second] = otherValues(await v2momOf(row), row);
    await as('admin').put(`/api/methods/${row.id}`, { version: row.version, linkedValues: [first, second] }).expect(200);
    await as('member').put(`/api/methods/${row.id}`, { version: row.version, linkedValues: [second, first] }).expect(200);
  });
});

describe('two writers, one obstacle', () => {
  it("answers 409 on an obstacle's methods only when both changed them", async () => {
    const document = await v2momOf(await method('Run a monthly customer-led webinar'));
    const obstacle = document.obstacles[0];
    const [first, second] = document.methods.map((row) => row.id);
    if (!obstacle || first === undefined || second === undefined) throw new Error('The demo V2MOM needs an obstacle and two methods');
    const path = `/api/obstacles/${obstacle.id}`;
    await as('admin').put(path, { version: obstacle.version, linkedMethodIds: [first] }).expect(200);
    const merged = await as('member').put(path, { version: obstacle.version, description: 'Renamed by member' }).expect(200);
    expect(ZObstacleSchema.parse(merged.body)).toMatchObject({ description: 'Renamed by member', linkedMethodIds: [first] });
    const stale = await as('member').put(path, { version: obstacle.version, linkedMethodIds: [second] }).expect(409);
    expect(ZConflictBodySchema.parse(stale.body).fields?.map((field) => field.field)).toEqual(['linkedMethodIds']);
  });
});

describe('two writers, one document save', () => {
  it("keeps another's link change when the stale save changed something else, and reports a link both changed", async () => {
    const row = await method('Run a monthly customer-led webinar');
    const base = await v2momOf(row);
    const [first, second] = otherValues(base, row);
    await as('admin').put(`/api/methods/${row.id}`, { version: row.version, linkedValues: [first] }).expect(200);

    const form = { ...asForm(base), onConflict: 'report' as const };
    const saved = await as('member').put(`/api/v2moms/${base.id}/complete`, { ...form, vision: 'Vision by member' }).expect(200);
    const document = ZV2momDocumentSavedSchema.parse(saved.body);
    expect(document.vision).toBe('Vision by member');
    expect(document.methods.find((candidate) => candidate.id === row.id)?.linkedValues).toEqual([first]);
    expect(document.merge.conflicts).toEqual([]);

    const index = base.methods.findIndex((candidate) => candidate.id === row.id);
    const secondPosition = base.values.findIndex((value) => value.id === second);
    const methods = form.methods.map((item, position) => (position === index ? { ...item, linkedValuePositions: [secondPosition] } : item));
    const reported = await as('member').put(`/api/v2moms/${base.id}/complete`, { ...form, version: document.version, methods }).expect(200);
    const report = ZV2momDocumentSavedSchema.parse(reported.body);
    expect(report.merge.conflicts).toEqual([
      expect.objectContaining({ entity: 'method', id: row.id, field: 'linkedValuePositions', yours: `[${second}]`, theirs: `[${first}]` }),
    ]);
    expect(report.methods.find((candidate) => candidate.id === row.id)?.linkedValues).toEqual([first]);
  });
});
