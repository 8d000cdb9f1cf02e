import { fiscalYearOf, PPTX_MEDIA_TYPE, type TV2momComplete } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { bytes, createDeckV2mom, LONG_METHOD, readPptx } from '../../test/deck-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let v2mom: TV2momComplete;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'lead', 'member', 'viewer']);
  v2mom = await createDeckV2mom(as('admin'));
  // A check-in since the last COO meeting: the deck's change column reads it.
  const method = v2mom.methods[0];
  if (!method) throw new Error('The deck V2MOM has methods');
  await as('admin').put(`/api/methods/${method.id}`, { progress: 55, version: method.version }).expect(200);
});
afterAll(() => app.stop());

async function download(username: string, path: string) {
  const response = await as(username).get(path).buffer(true).parse(bytes).expect(200);
  return { response, parts: await readPptx(response.body as Buffer) };
}

describe('GET /api/v2moms/{id}/deck', () => {
  it('answers a well-formed .pptx download named after the V2MOM, with title, vision, a table that continues, obstacles and a chart', async () => {
    const { response, parts } = await download('lead', `/api/v2moms/${v2mom.id}/deck`);
    expect(response.headers['content-type']).toBe(PPTX_MEDIA_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename=Quarterly_deck_plan_2026_Q2.pptx');
    expect(parts.xmlParts.filter((part) => part.wellFormed !== true)).toEqual([]);
    expect(parts.xmlParts.length).toBeGreaterThan(20);

    const [title, vision, methods, continued, obstacles, chart, ...rest] = parts.slides;
    expect(rest).toEqual([]);
    expect(title).toContain('Acme');
    expect(title).toContain('Quarterly deck plan');
    expect(title).toContain('Fiscal year 2026 · Q2');
    expect(vision).toContain('Every partner selling in thirty days');
    expect(vision).toContain('Customers first');
    expect(methods).toContain('Methods');
    expect(methods).toContain('Deck method 1');
    expect(methods).toContain('Q2 goal');
    expect(methods).toContain('+45 pts');
    expect(methods).toContain('At Risk');
    expect(methods).toContain('55%');
    expect(methods).not.toContain(LONG_METHOD);
    expect(methods).toContain(LONG_METHOD.slice(0, 40));
    expect(continued).toContain('Methods (continued)');
    expect(continued).toContain('Deck method 9');
    expect(continued).toContain('Deck method 11');
    expect(obstacles).toContain('Too few success managers');
    expect(chart).toContain('Progress over the quarter');
    expect(parts.notes.some((notes) => notes.includes(LONG_METHOD))).toBe(true);
    expect(parts.charts).toHaveLength(1);
    expect(parts.charts[0]).toContain('<c:lineChart>');
    expect(parts.charts[0]).toContain('Deck method 11');
  });

  it('wears the company name and colours from settings', async () => {
    const company = (await as('admin').get('/api/company').expect(200)).body as { version: number };
    await as('admin').put('/api/company', { name: 'Globex', primaryColour: '#0A7A3D', accentColour: '#C0392B', version: company.version }).expect(200);
    const { parts } = await download('admin', `/api/v2moms/${v2mom.id}/deck`);
    expect(parts.slides[0]).toContain('Globex');
    const restored = (await as('admin').get('/api/company').expect(200)).body as { version: number };
    await as('admin').put('/api/company', { name: 'Acme', primaryColour: '#1F4E79', accentColour: '#F28C28', version: restored.version }).expect(200);
  });

  it('leaves out the characters XML cannot hold, stored before the API refused them, and keeps every row', async () => {
    const stored = await createDeckV2mom(as('admin'));
    const [first, second] = stored.methods;
    if (!first || !second) throw new Error('The deck V2MOM has methods');
    const connection = app.orm.em.fork().getConnection();
    await connection.execute(`update v2mom set title = 'Stored' || chr(8) || ' plan', vision = 'Vision' || chr(65535) where id = ?`, [stored.id]);
    await connection.execute(`update method set description = 'Deck method 1' || chr(1), q2_goal = 'Goal' || chr(27) || ' 1' where id = ?`, [first.id]);
    await connection.execute(`update method set current_measure = chr(31) || 'Measure 2' where id = ?`, [second.id]);
    await connection.execute(`update value set description = 'Customers' || chr(11) || ' first' where v2mom_id = ?`, [stored.id]);
    await connection.execute(`update obstacle set description = 'Too few' || chr(12) || ' success managers' where v2mom_id = ?`, [stored.id]);

    const { parts } = await download('admin', `/api/v2moms/${stored.id}/deck`);
    expect(parts.xmlParts.filter((part) => part.wellFormed !== true)).toEqual([]);
    expect(parts.xmlParts.some((part) => part.name.includes('.xlsx!'))).toBe(true);
    const [title, vision, methods, continued, obstacles] = parts.slides;
    expect(title).toContain('Stored plan');
    expect(vision).toContain('Customers first');
    for (const row of [1, 2, 4, 5, 6, 7, 8]) expect(methods).toMatch(new RegExp(`Deck method ${row}\\b`));
    expect(methods).toContain('Goal 1');
    expect(methods).toContain('Measure 2');
    expect(continued).toContain('Deck method 11');
    expect(obstacles).toContain('Too few success managers');
  });

  it('is refused without export_slides (403), for an unknown V2MOM (404) and without a session (401)', async () => {
    const refused = await as('member').get(`/api/v2moms/${v2mom.id}/deck`).expect(403);
    expect(refused.body.message).toBe("You don't have permission to export slides");
    await as('viewer').get(`/api/v2moms/${v2mom.id}/deck`).expect(403);
    const missing = await as('admin').get('/api/v2moms/999999/deck').expect(404);
    expect(missing.body.message).toMatch(/V2MOM/);
    await app.http().get(`/api/v2moms/${v2mom.id}/deck`).expect(401);
  });
});

describe('GET /api/methods/coo-tracking/deck', () => {
  it('answers the COO View of the quarter: its tracked methods and one chart line per department', async () => {
    const { response, parts } = await download('admin', '/api/methods/coo-tracking/deck?quarter=q2');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=COO_View_${fiscalYearOf(app.now())}_Q2.pptx`);
    expect(parts.xmlParts.filter((part) => part.wellFormed !== true)).toEqual([]);
    expect(parts.slides[0]).toContain('COO View');
    expect(parts.slides[1]).toContain('Methods');
    expect(parts.slides.at(-1)).toContain('Progress over the quarter');
    expect(parts.charts[0]).toContain('per department');
  });

  it('refuses a quarter the picker does not offer (400) and anyone without export_slides (403)', async () => {
    const refused = await as('admin').get('/api/methods/coo-tracking/deck?quarter=q5').expect(400);
    expect(refused.body.fieldErrors).toMatchObject({ quarter: ['A quarter is q1, q2, q3 or q4'] });
    await as('admin').get('/api/methods/coo-tracking/deck').expect(400);
    await as('member').get('/api/methods/coo-tracking/deck?quarter=q2').expect(403);
  });
});
