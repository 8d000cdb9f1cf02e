import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from './users/user.entity.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { selectOnce } from './read-db.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
});
afterAll(() => app?.stop());

describe('selectOnce', () => {
  it('builds its statement once and sends each call its own argument, wherever the statement uses it', async () => {
    let builds = 0;
    const namesOf = selectOnce((db, _em, username: string) => {
      builds++;
      return db
        .selectFrom('user as u')
        .select(['u.username', 'u.name'])
        .where((eb) => eb.or([eb('u.username', '=', username), eb('u.name', '=', username)]))
        .where('u.username', '=', username);
    });
    const admin = await namesOf(app.orm.em.fork(), 'admin');
    const coo = await namesOf(app.orm.em.fork(), 'coo');
    const nobody = await namesOf(app.orm.em.fork(), 'nobody');

    const stored = await app.orm.em.fork().find(User, { username: { $in: ['admin', 'coo'] } });
    const nameOf = (username: string) => stored.find((user) => user.username === username)?.name;
    expect(admin).toEqual([{ username: 'admin', name: nameOf('admin') }]);
    expect(coo).toEqual([{ username: 'coo', name: nameOf('coo') }]);
    expect(nobody).toEqual([]);
    expect(builds).toBe(1);
  });
});
