import { pathTo, PATHS, type TThreadSubject } from '@v2mom/contracts';
import { count, formatDay } from '../email/templates/email-words.js';
import type { ChatMessage } from './chat-messages.js';

/** The words of each kind of Slack and Teams post (docs/PRODUCT.md#slack-and-teams). */

const written = (text: string) => ({ written: text });

/** How long a comment's text may run in a post before it is cut. */
const EXCERPT_MAX = 280;
const excerpt = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);

export function atRiskPost(method: { id: number; description: string; v2momTitle: string; ownerName: string | null }): ChatMessage {
  return {
    title: ['Method went At Risk: ', written(method.description)],
    lines: [{ text: ['V2MOM: ', written(method.v2momTitle)] }, { text: ['Owner: ', method.ownerName === null ? 'nobody' : written(method.ownerName)] }],
    action: { label: 'Open the method', path: pathTo.method(method.id) },
  };
}

export interface MentionFacts {
  author: string;
  mentioned: readonly string[];
  item: { subject: TThreadSubject; title: string };
  text: string;
  path: string;
}

const SUBJECT_WORDS: Record<TThreadSubject, string> = { v2mom: 'the V2MOM', method: 'the method', obstacle: 'the obstacle' };

export function mentionPost({ author, mentioned, item, text, path }: MentionFacts): ChatMessage {
  const names = mentioned.flatMap((name, index) => (index === 0 ? [written(name)] : [index === mentioned.length - 1 ? ' and ' : ', ', written(name)]));
  return {
    title: [written(author), ' mentioned ', ...names, ` on ${SUBJECT_WORDS[item.subject]} `, written(item.title)],
    lines: [{ text: [written(excerpt(text))] }],
    action: { label: 'Open the comment', path },
  };
}

export interface ReminderFacts {
  /** null: the whole company. */
  department: string | null;
  /** The check-in period's first day, as the company's calendar has it. */
  since: string;
  people: ReadonlyArray<{ name: string; methods: ReadonlyArray<{ id: number }> }>;
}

export function checkInReminderPost({ department, since, people }: ReminderFacts): ChatMessage {
  return {
    title: department === null ? ['Check-in reminder: ', count(people.length, 'person', 'people'), ' still to check in'] : ['Check-in reminder for ', written(department), ': ', count(people.length, 'person', 'people'), ' still to check in'],
    lines: people.map((person) => ({ text: [written(person.name), `: ${count(person.methods.length, 'method')}`], path: pathTo.checkIn(person.methods[0]?.id ?? 0) })),
    note: `No check-in since ${formatDay(since)}.`,
    action: { label: 'Open My Methods', path: PATHS.myMethods },
  };
}

export interface DigestFacts {
  department: string | null;
  meetingDay: string;
  checkedIn: { count: number; of: number };
  atRisk: ReadonlyArray<{ id: number; name: string; owner: string | null }>;
  stale: ReadonlyArray<{ id: number; name: string }>;
  newObstacles: ReadonlyArray<{ description: string; v2mom: { id: number; title: string } }>;
}

export function meetingDigestPost({ department, meetingDay, checkedIn, atRisk, stale, newObstacles }: DigestFacts): ChatMessage {
  return {
    title: department === null ? [`Meeting digest for ${formatDay(meetingDay)}`] : [`Meeting digest for ${formatDay(meetingDay)}: `, written(department)],
    lines: [
      ...atRisk.map((method) => ({ text: ['At Risk: ', written(method.name), ...(method.owner ? [' (', written(method.owner), ')'] : [])], path: pathTo.method(method.id) })),
      ...stale.map((method) => ({ text: ['Stale: ', written(method.name)], path: pathTo.method(method.id) })),
      ...newObstacles.map((obstacle) => ({ text: ['New obstacle: ', written(obstacle.description), ' in ', written(obstacle.v2mom.title)], path: pathTo.v2mom(obstacle.v2mom.id) })),
    ],
    note: `${checkedIn.count} of ${count(checkedIn.of, 'method')} checked in this week across the company; ${count(atRisk.length, 'method')} went At Risk, ${stale.length} stale, ${count(newObstacles.length, 'new obstacle')}.`,
    action: { label: 'Open the COO View', path: PATHS.cooView },
  };
}

export function testPost(channel: { department: string | null }): ChatMessage {
  return {
    title: channel.department === null ? ['V2MOM Tracker is connected to this channel for the company'] : ['V2MOM Tracker is connected to this channel for ', written(channel.department)],
    lines: [],
    note: 'A test sent from Settings.',
    action: { label: 'Open V2MOM Tracker', path: PATHS.dashboard },
  };
}
