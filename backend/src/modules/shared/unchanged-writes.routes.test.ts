import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZV2momCompleteSchema } from '@v2mom/contracts';
import { ChangeLog } from '../change-log/change-log.entity.js';
import { asForm } from '../../test/document-form.js';
import { fixtures, type Fixtures, type V2momFixture } from '../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import type { ChangeSet } from './change-set.js';
import { AuditEntry } from '../admin/audit-entry.entity.js';

/**
 * A write whose fields all equal what is stored changes nothing (docs/PRODUCT.md#versions): it
 * answers 200 with the row as it was, the same version, and leaves no change-log or audit entry
 * and no live event, whoever sends it.
 */

let app: TestApp;
let cookie: string;
let fx: Fixtures;
let target: V2momFixture;
const published: ChangeSet[] = [];

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  cookie = await app.login('admin');
  fx = fixtures(app.orm);
  target = await fx.v2mom('member');
  const publish = app.live.publish.bind(app.live);
  app.live.publish = (changeSet, actor) => {
    published.push(changeSet);
    publish(changeSet, actor);
  };
});
afterAll(() => app.stop());

async function logged(): Promise<number> {
  const em = app.orm.em.fork();
  return (await em.count(ChangeLog, {})) + (await em.count(AuditEntry, {}));
}

async function writeUnchanged(method: 'put' | 'patch', path: string, body: object): Promise<Record<string, unknown>> {
  published.length = 0;
  const before = await logged();
  const response = await app.http()[method](path).set('Cookie', cookie).send(body);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  expect(published).toEqual([]);
  expect(await logged()).toBe(before);
  return response.body as Record<string, unknown>;
}

describe('a write that changes nothing', () => {
  it('leaves a value, method, obstacle, measure and V2MOM at their versions', async () => {
    const rows = [
      { path: `/api/values/${target.value.id}`, row: target.value, body: { description: target.value.description } },
      { path: `/api/methods/${target.method.id}`, row: target.method, body: { description: target.method.description, progress: 0 } },
      { path: `/api/obstacles/${target.obstacle.id}`, row: target.obstacle, body: { description: target.obstacle.description } },
      { path: `/api/measures/${target.measure.id}`, row: target.measure, body: { description: target.measure.description } },
      { path: `/api/v2moms/${target.id}`, row: target, body: { title: target.title, year: target.year } },
    ];
    for (const { path, row, body } of rows) {
      for (const version of [row.version, undefined]) {
        const answer = await writeUnchanged('put', path, { ...body, version });
        expect({ path, version: answer['version'] }).toEqual({ path, version: row.version });
      }
    }
  });

  it('leaves a task at its version', async () => {
    const task = await fx.task('member', target.method.id);
    const answer = await writeUnchanged('patch', `/api/tasks/${task.id}`, { status: 'not_started', version: task.version });
    expect(answer['version']).toBe(task.version);
  });

  it('leaves a V2MOM saved as its form loaded it, and every child, at their versions', async () => {
    const v2mom = await fx.v2mom('member', 'member', 2);
    const path = `/api/v2moms/${v2mom.id}/complete`;
    const read = async () => ZV2momCompleteSchema.parse((await app.http().get(path).set('Cookie', cookie).expect(200)).body);
    // The fixture's progress and status are not what its methods add up to; a first save sets them.
    await app.http().put(path).set('Cookie', cookie).send(asForm(await read())).expect(200);
    const document = await read();
    const saved = ZV2momCompleteSchema.parse(await writeUnchanged('put', path, asForm(document)));
    expect(saved).toEqual(document);
  });

  it('leaves a person and a department at their versions', async () => {
    const person = await fx.account('member');
    const answer = await writeUnchanged('patch', `/api/admin/users/${person.id}`, { version: person.version, name: person.name });
    expect(answer['version']).toBe(person.version);
    const department = await fx.department();
    const renamed = await writeUnchanged('patch', `/api/admin/departments/${department.id}`, { version: department.version, name: department.name });
    expect(renamed['version']).toBe(department.version);
  });

  it("answers with the row's last editor as they are, not the one who sent it", async () => {
    const v2mom = await fx.v2mom('member');
    const path = `/api/methods/${v2mom.method.id}`;
    const memberCookie = await app.login('member');
    const edited = await app.http().put(path).set('Cookie', memberCookie).send({ description: 'Edited by its owner', version: v2mom.method.version }).expect(200);
    const morgan = { id: await fx.userId('member'), name: 'Morgan Diaz', active: true };
    expect(edited.body.updatedBy).toEqual(morgan);

    const answer = await writeUnchanged('put', path, { description: 'Edited by its owner', version: edited.body.version });
    expect(answer['version']).toBe(edited.body.version);
    expect(answer['updatedBy']).toEqual(morgan);
    expect(answer['updatedAt']).toBe(edited.body.updatedAt);
  });

  it('still raises the version and tells others when one field differs', async () => {
    published.length = 0;
    const response = await app.http().put(`/api/values/${target.value.id}`).set('Cookie', cookie).send({ description: 'Changed' }).expect(200);
    expect(response.body.version).toBe(target.value.version + 1);
    expect(published).toHaveLength(1);
  });
});
