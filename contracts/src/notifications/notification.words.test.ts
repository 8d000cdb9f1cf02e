import { describe, expect, it } from 'vitest';
import type { TNotification } from './notification.schemas.js';
import { written, type TSentence } from '../common/written-text.js';
import { describeNotification as sentenceOf, notificationPath } from './notification.words.js';

/** The sentence's words, its written parts as they were written. */
function words(sentence: TSentence): string {
  return sentence.map((part) => (typeof part === 'string' ? part : part.written)).join('');
}

const describeNotification = (...args: Parameters<typeof sentenceOf>) => words(sentenceOf(...args));

const VIEWER = 4;
const CASEY = { id: 2, name: 'Casey Chen', active: true };
const NINA = { id: 6, name: 'Nina Patel', active: true };
const V2MOM = { id: 7, title: 'AI GTM 2026' };

function notification(overrides: Partial<TNotification>): TNotification {
  return {
    id: 1,
    kind: 'mentioned',
    actor: CASEY,
    v2mom: V2MOM,
    item: { kind: 'method', id: 12, title: 'Deploy AI research briefs' },
    commentId: null,
    detail: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

describe('describeNotification', () => {
  it('keeps the names and titles people wrote apart from its own words', () => {
    const reversing = { ...CASEY, name: '\u202Eecnirp' };
    expect(sentenceOf(notification({ kind: 'commented', actor: reversing, commentId: 3 }), VIEWER)).toEqual([
      written('\u202Eecnirp'),
      ' commented on ',
      "'",
      written('Deploy AI research briefs'),
      "'",
    ]);
  });

  it('says who mentioned the viewer, and on what', () => {
    expect(describeNotification(notification({ kind: 'mentioned', commentId: 3 }), VIEWER)).toBe(
      "Casey Chen mentioned you on 'Deploy AI research briefs'",
    );
  });

  it('says who commented, and on what', () => {
    const item = { kind: 'obstacle', id: 5, title: 'Budget freeze' } as const;
    expect(describeNotification(notification({ kind: 'commented', item, commentId: 3 }), VIEWER)).toBe("Casey Chen commented on 'Budget freeze'");
  });

  it("names a method's statuses as the screens do", () => {
    const detail = { field: 'status', from: 'in_progress', to: 'at_risk' } as const;
    const item = { kind: 'method', id: 12, title: 'Launch podcast' } as const;
    expect(describeNotification(notification({ kind: 'method_changed', item, detail }), VIEWER)).toBe(
      "Casey Chen changed 'Launch podcast' from In Progress to At Risk",
    );
  });

  it('tells the new owner they were given the method, and the former one it was taken', () => {
    const item = { kind: 'method', id: 12, title: 'Launch podcast' } as const;
    const toViewer = notification({ kind: 'method_changed', item, detail: { field: 'owner', from: NINA, to: { ...NINA, id: VIEWER } } });
    const fromViewer = notification({ kind: 'method_changed', item, detail: { field: 'owner', from: { ...NINA, id: VIEWER }, to: NINA } });
    const toNobody = notification({ kind: 'method_changed', item, detail: { field: 'owner', from: { ...NINA, id: VIEWER }, to: null } });
    expect(describeNotification(toViewer, VIEWER)).toBe("Casey Chen gave you 'Launch podcast'");
    expect(describeNotification(fromViewer, VIEWER)).toBe("Casey Chen took 'Launch podcast' from you");
    expect(describeNotification(toNobody, VIEWER)).toBe("Casey Chen took 'Launch podcast' from you");
  });

  it('says who added an obstacle to the viewer’s method', () => {
    const item = { kind: 'obstacle', id: 5, title: 'Budget freeze' } as const;
    expect(describeNotification(notification({ kind: 'obstacle_added', item }), VIEWER)).toBe("Casey Chen added obstacle 'Budget freeze' to your method");
  });

  it('says who assigned the viewer a task', () => {
    const item = { kind: 'task', id: 9, title: 'Draft the brief' } as const;
    expect(describeNotification(notification({ kind: 'task_assigned', item, v2mom: null }), VIEWER)).toBe(
      "Casey Chen assigned you the task 'Draft the brief'",
    );
  });

  it("tells the rhythm's notices with their figures, and one method in the singular", () => {
    const reminder = notification({ kind: 'check_in_reminder', actor: null, v2mom: null, item: null, detail: { field: 'check_in', methods: 3, periodStart: '2026-11-20T15:00:00.000Z' } });
    expect(describeNotification(reminder, VIEWER)).toBe('Time to check in: 3 of your methods need a check-in');
    expect(describeNotification({ ...reminder, detail: { field: 'check_in', methods: 1, periodStart: '2026-11-20T15:00:00.000Z' } }, VIEWER)).toBe(
      'Time to check in: 1 of your methods needs a check-in',
    );
    const stale = notification({ kind: 'method_stale', actor: null, item: { kind: 'v2mom', id: 7, title: 'AI GTM 2026' }, detail: { field: 'stale', methods: 2, since: '2026-11-27T15:00:00.000Z' } });
    expect(describeNotification(stale, VIEWER)).toBe("2 methods of 'AI GTM 2026' have gone stale: no check-in for two periods");
    const digest = notification({
      kind: 'meeting_digest',
      actor: null,
      v2mom: null,
      item: null,
      detail: { field: 'digest', meetingAt: '2026-11-30T10:00:00.000Z', checkedIn: { count: 12, of: 41 }, atRisk: 2, stale: 4 },
    });
    expect(describeNotification(digest, VIEWER)).toBe('Before the COO meeting: 12 of 41 methods checked in, 2 went At Risk, 4 stale');
  });

  it('names a deleted actor as someone', () => {
    expect(describeNotification(notification({ actor: null }), VIEWER)).toBe("Someone mentioned you on 'Deploy AI research briefs'");
  });
});

describe('notificationPath', () => {
  it("leads a method's comment to the method's page, at the comment", () => {
    expect(notificationPath(notification({ commentId: 3 }))).toBe('/method/12?comment=3');
  });

  it("leads a V2MOM's and an obstacle's comment to the V2MOM's page, at the comment", () => {
    expect(notificationPath(notification({ item: { kind: 'v2mom', id: 7, title: 'AI GTM 2026' }, commentId: 3 }))).toBe('/v2mom/7?comment=3');
    expect(notificationPath(notification({ item: { kind: 'obstacle', id: 5, title: 'Budget freeze' }, commentId: 4 }))).toBe('/v2mom/7?comment=4');
  });

  it("leads a method's change to the method, an obstacle to its V2MOM and a task to the tasks page", () => {
    expect(notificationPath(notification({ kind: 'method_changed' }))).toBe('/method/12');
    expect(notificationPath(notification({ kind: 'obstacle_added', item: { kind: 'obstacle', id: 5, title: 'Budget freeze' } }))).toBe('/v2mom/7');
    expect(notificationPath(notification({ kind: 'task_assigned', item: { kind: 'task', id: 9, title: 'Draft' }, v2mom: null }))).toBe('/tasks');
  });

  it("leads a check-in reminder to its first method's check-in, to My Methods when it names none", () => {
    const periodStart = '2026-11-20T15:00:00.000Z';
    const reminder = (detail: TNotification['detail']) => notification({ kind: 'check_in_reminder', item: null, v2mom: null, detail });
    expect(notificationPath(reminder({ field: 'check_in', methods: 2, periodStart, methodIds: [14, 9] }))).toBe('/method/14?check-in');
    expect(notificationPath(reminder({ field: 'check_in', methods: 2, periodStart }))).toBe('/my-methods');
    expect(notificationPath(reminder({ field: 'check_in', methods: 0, periodStart, methodIds: [] }))).toBe('/my-methods');
  });

  it('leads a check-in reminder without a detail to My Methods, stale methods to their V2MOM and the digest to the COO View', () => {
    expect(notificationPath(notification({ kind: 'check_in_reminder', item: null, v2mom: null }))).toBe('/my-methods');
    expect(notificationPath(notification({ kind: 'method_stale', item: { kind: 'v2mom', id: 7, title: 'AI GTM 2026' } }))).toBe('/v2mom/7');
    expect(notificationPath(notification({ kind: 'meeting_digest', item: null, v2mom: null }))).toBe('/coo-view');
  });
});
