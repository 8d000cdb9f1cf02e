import type { TV2momComplete } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { bytes, createDeckV2mom, LONG_METHOD, readPptx, type PptxParts } from '../../test/deck-files.js';
import { renderWithOffice, requireOffice, testOffice, type OfficeRendering } from '../../test/office.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The deck opened by a real client (docs/PRODUCT.md#deck): LibreOffice Impress reads the file the
 * server answers and prints it, and each printed page says what the deck's slide should. In CI
 * this never skips: a missing LibreOffice fails the run.
 */
const office = await testOffice('the deck opened in LibreOffice');

describe.skipIf(office.skip)(`a V2MOM's deck opened in LibreOffice${office.reason && ` (${office.reason})`}`, { timeout: 180_000 }, () => {
  let app: TestApp;
  let as: (username: string) => ApiClient;
  let v2mom: TV2momComplete;
  let rendering: OfficeRendering;
  let parts: PptxParts;

  beforeAll(async () => {
    requireOffice(office);
    app = await startTestApp({ seed: 'demo' });
    as = await signIn(app, ['admin', 'lead']);
    v2mom = await createDeckV2mom(as('admin'));
    // Control characters stored in the second method, as text kept from before the API refused them:
    // XML cannot hold them, and a slide that held one would lose every table row from it on.
    const second = v2mom.methods[1];
    if (!second) throw new Error('The deck V2MOM has methods');
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update method set description = 'Deck method 2' || chr(1), current_measure = 'Measure' || chr(27) || ' 2' where id = ?`, [second.id]);
    const response = await as('lead').get(`/api/v2moms/${v2mom.id}/deck`).buffer(true).parse(bytes).expect(200);
    const file = response.body as Buffer;
    parts = await readPptx(file);
    rendering = await renderWithOffice(file, 'deck.pptx');
  }, 180_000);
  afterAll(() => app?.stop());

  it('prints one page per slide: title, vision and values, the table and its continuation, obstacles, chart', () => {
    const { pages } = rendering;
    expect(pages).toHaveLength(6);
    expect(rendering.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages[0]).toContain('Acme');
    expect(pages[0]).toContain('Quarterly deck plan');
    expect(pages[0]).toContain('Fiscal year 2026 · Q2');
    expect(pages[1]).toContain('Vision and values');
    expect(pages[1]).toContain('Every partner selling in thirty days');
    expect(pages[1]).toContain('Ship weekly');
    expect(pages[4]).toContain('Obstacles');
    expect(pages[4]).toContain('Too few success managers');
    expect(pages[5]).toContain('Progress over the quarter');
  });

  it("shows the table's cells as text, continued on the next slide", () => {
    const [, , first = '', continued = ''] = rendering.pages;
    for (const heading of ['Method', 'Owner', 'Status', 'Q2 goal', 'Current measure', 'Progress']) expect(first).toContain(heading);
    expect(first).toMatch(/Deck method 1\b/);
    expect(first).toContain('Goal 1');
    expect(first).toContain('Measure 1');
    expect(first).toContain('In Progress');
    expect(first).toContain('At Risk');
    expect(first).toContain('10%');
    expect(first).not.toContain('Deck method 9');
    expect(continued).toContain('Methods (continued)');
    expect(continued).toContain('Deck method 9');
    expect(continued).toContain('Deck method 11');
    expect(continued).toContain('20%');
  });

  it('shows every row of the table, from a method that holds a control character on', () => {
    const [, , first = '', continued = ''] = rendering.pages;
    for (const row of [1, 2, 4, 5, 6, 7, 8]) expect(first).toMatch(new RegExp(`Deck method ${row}\\b`));
    expect(first).toContain('Measure 2');
    for (const row of [9, 10, 11]) expect(continued).toMatch(new RegExp(`Deck method ${row}\\b`));
  });

  it('cuts the long method to fit and gives it in full in the speaker notes', () => {
    const first = (rendering.pages[2] ?? '').replace(/\s+/g, ' ');
    expect(first).toContain('Rebuild the partner');
    expect(first).not.toContain('first three deals close');
    expect(parts.notes.some((notes) => notes.includes(LONG_METHOD))).toBe(true);
  });
});
