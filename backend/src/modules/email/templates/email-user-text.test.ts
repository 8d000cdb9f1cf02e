import type { TNotification } from '@v2mom/contracts';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installClock } from '../../../server-clock.js';
import { renderEmail } from './render-email.js';
import type { TemplateContext } from './template-context.js';

// The server's clock stands just after the fixtures' dates, as on the day such an email is sent.
let giveClockBack: () => void;
beforeAll(() => {
  giveClockBack = installClock(new TestClock(Date.parse('2026-11-30T09:00:00.000Z')));
});
afterAll(() => giveClockBack());

/**
 * Names and titles are people's writing: wherever an email sets one in its words, it sits in a
 * direction isolate of its own, so a right-to-left override in it cannot reorder the words around
 * it (docs/PRODUCT.md#user-text).
 */

/** U+202E: what follows it reads right to left until its paragraph ends, unless isolated. */
const REVERSING_NAME = '\u202Eeel nagol';
const REVERSING_TITLE = '\u202Etsacdop hcnual';

const context: TemplateContext = {
  brand: 'Acme',
  recipientName: REVERSING_NAME,
  recipientId: 4,
  url: (path) => `https://v2mom.example${path}`,
  preferencesUrl: 'https://v2mom.example/account',
};

const comment: TNotification = {
  id: 1,
  kind: 'commented',
  actor: { id: 2, name: REVERSING_NAME, active: true },
  v2mom: { id: 7, title: REVERSING_TITLE },
  item: { kind: 'method', id: 12, title: REVERSING_TITLE },
  commentId: 3,
  detail: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  readAt: null,
};

/** The HTML without the comments React leaves between neighbouring texts. */
const markup = (html: string) => html.replaceAll('<!-- -->', '');
/** Each `<bdi>…</bdi>` of the HTML, as it is written there. */
const isolatesOf = (html: string) => [...markup(html).matchAll(/<bdi>(.*?)<\/bdi>/g)].map((match) => match[1]);
const isolatedText = (text: string) => `\u2068${text}\u2069`;

describe('what people wrote, in an email', () => {
  it("sits in an isolate of its own in a line of the weekly digest, the digest's words outside it", async () => {
    const email = await renderEmail({ kind: 'weekly_digest', data: { weekOf: '2026-11-23', notifications: [comment] } }, context);
    expect(isolatesOf(email.html)).toEqual([REVERSING_NAME, REVERSING_TITLE, REVERSING_TITLE].map(isolatedText));
    expect(markup(email.html)).toContain(`${isolatedText(REVERSING_NAME)}</bdi> commented on &#x27;<bdi>`);
    expect(email.text).toContain(`${isolatedText(REVERSING_NAME)} commented on '${isolatedText(REVERSING_TITLE)}'`);
  });

  it('is isolated in the greeting, the items and the subject of the others', async () => {
    const reminder = await renderEmail(
      { kind: 'check_in_reminder', data: { methods: [{ id: 11, name: REVERSING_TITLE, v2mom: { id: 3, title: REVERSING_TITLE }, lastCheckIn: null }] } },
      context,
    );
    expect(isolatesOf(reminder.html)).toEqual([REVERSING_NAME, REVERSING_TITLE, REVERSING_TITLE].map(isolatedText));
    const stale = await renderEmail(
      { kind: 'method_stale', data: { v2mom: { id: 3, title: REVERSING_TITLE }, methods: [{ id: 11, name: 'Launch podcast', owner: REVERSING_NAME, staleSince: '2026-11-02' }] } },
      context,
    );
    expect(stale.subject).toBe(`1 method of ‘${isolatedText(REVERSING_TITLE)}’ has gone two periods without a check-in`);
    expect(isolatesOf(stale.html)).toEqual(expect.arrayContaining([isolatedText(REVERSING_NAME), isolatedText(REVERSING_TITLE)]));
    // Every override in the message opens an isolate's text.
    expect(stale.html).not.toMatch(/[^\u2068]\u202E/);
  });
});
