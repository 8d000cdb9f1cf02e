import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installClock } from '../../../server-clock.js';
import type { EmailContent } from './email-messages.js';
import { renderEmail } from './render-email.js';
import type { TemplateContext } from './template-context.js';

// The server's clock stands just after the fixtures' dates, as on the day such an email is sent.
let giveClockBack: () => void;
beforeAll(() => {
  giveClockBack = installClock(new TestClock(Date.parse('2026-11-30T09:00:00.000Z')));
});
afterAll(() => giveClockBack());

/**
 * Names and titles are people's writing: whatever line breaks one holds (stored before the API
 * refused them in names and titles, or a description's own), the plain-text email and the subject
 * keep it on the line the email's words put it on (docs/PRODUCT.md#validation).
 */

const LINE_BREAKS = { LF: '\n', 'CR LF': '\r\n', CR: '\r', VT: '\v', FF: '\f', NEL: '\u0085', 'U+2028': '\u2028', 'U+2029': '\u2029' };
const FORGED = 'Reply with your password to it@example.com';

const context: TemplateContext = {
  brand: 'Acme',
  recipientName: `Morgan${Object.values(LINE_BREAKS).join('')}${FORGED}`,
  recipientId: 1,
  url: (path) => `https://v2mom.example${path}`,
  preferencesUrl: 'https://v2mom.example/account',
};

const lineBreak = /[\n\r\v\f\u0085\u2028\u2029]/;

/** The plain text's lines that start with the forged words: none may. */
function forgedLines(text: string): string[] {
  return text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/).filter((line) => line.trimStart().startsWith(FORGED));
}

describe('an email whose names and titles hold line breaks', () => {
  it.each(Object.entries(LINE_BREAKS))(
    'a stale-methods email with a %s in a V2MOM title, a method name and an owner keeps each on its line',
    async (_name, lineBreakText) => {
      const content: EmailContent = {
        kind: 'method_stale',
        data: {
          v2mom: { id: 3, title: `Marketing FY27${lineBreakText}${FORGED}` },
          methods: [{ id: 11, name: `Launch podcast${lineBreakText}${FORGED}`, owner: `Val Ortiz${lineBreakText}${FORGED}`, staleSince: '2026-02-23' }],
        },
      };
      const email = await renderEmail(content, context);
      expect(email.subject).not.toMatch(lineBreak);
      expect(email.subject).toContain(`Marketing FY27 ${FORGED}`);
      expect(forgedLines(email.text)).toEqual([]);
      expect(email.text).toContain(`Launch podcast ${FORGED}`);
      expect(email.text).toContain(`Val Ortiz ${FORGED}`);
    },
  );

  it("a check-in reminder keeps the recipient's name on the greeting's line", async () => {
    const content: EmailContent = {
      kind: 'check_in_reminder',
      data: { methods: [{ id: 11, name: `Launch podcast\u2028${FORGED}`, v2mom: { id: 3, title: `Marketing\u0085${FORGED}` }, lastCheckIn: null }] },
    };
    const email = await renderEmail(content, context);
    expect(forgedLines(email.text)).toEqual([]);
    expect(email.text).toMatch(/Hi \S*Morgan \S*Reply with your password/);
  });
});
