import { pathTo } from '@v2mom/contracts';
import type { MeetingBriefFacts } from '../../modules/rhythm/meeting-brief-facts.js';
import { owned, plural } from './analyst-markdown.js';
import { linkTo, mdText } from './markdown-links.js';

// The meeting brief in the built-in analyst's words (docs/PRODUCT.md#meeting-brief): a headline,
// then a paragraph per fact, every item named as a link to its screen. Same facts, same words.

/** Said under the built-in analyst's brief, so nobody mistakes it for a model's. */
export const BRIEF_ANALYST_NOTE = '_Written by the built-in analyst from the live data: no language model is configured._';

function list(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "… and 3 more" when the facts name fewer than there are. */
function more(shown: number, total: number): string {
  return total > shown ? ` and ${total - shown} more` : '';
}

function moved({ movers }: MeetingBriefFacts): string {
  if (movers.length === 0) return '**What moved:** no method’s progress moved.';
  const parts = movers.map((method) => `${linkTo.method(method.id, method.name)} ${method.from}% → ${method.to}%`);
  return `**What moved:** ${list(parts)}.`;
}

function atRisk({ wentAtRisk }: MeetingBriefFacts): string {
  if (wentAtRisk.total === 0) return '**At Risk:** no method went At Risk.';
  const parts = wentAtRisk.methods.map((method) => `${linkTo.method(method.id, method.name)} (${owned(method.owner)})`);
  return `**At Risk:** ${plural(wentAtRisk.total, 'method')} went At Risk: ${list(parts)}${more(parts.length, wentAtRisk.total)}.`;
}

function obstacles({ obstacles }: MeetingBriefFacts): string {
  if (obstacles.total === 0) return '**Obstacles:** none is open.';
  const parts = obstacles.oldest.map((obstacle) => `${linkTo.v2mom(obstacle.v2mom.id, obstacle.description)} in ${mdText(obstacle.v2mom.title)}, since ${obstacle.openSince}`);
  return `**Obstacles open longest** (of ${obstacles.total}): ${list(parts)}.`;
}

function checkIns({ checkIns }: MeetingBriefFacts): string {
  const { count, of } = checkIns.checkedIn;
  const share = `${count} of ${plural(of, 'method')} checked in this period`;
  if (checkIns.missingPeople === 0) return `**Check-ins:** ${share}; none is missing.`;
  const parts = checkIns.missing.map((person) => `${mdText(person.owner)} (${person.count}, such as ${linkTo.method(person.method.id, person.method.name)})`);
  return `**Check-ins missing:** ${share}; ${plural(checkIns.missingPeople, 'person has', 'people have')} methods without one: ${list(parts)}${more(parts.length, checkIns.missingPeople)}.`;
}

/** The brief's paragraphs, in the order the meeting reads them. */
export function briefMarkdown(facts: MeetingBriefFacts): string[] {
  return [`**Brief for the COO meeting on ${facts.meetingDay}**, since the meeting on ${facts.sinceDay}.`, moved(facts), atRisk(facts), obstacles(facts), checkIns(facts)];
}

/** Every screen the facts name: a brief's links may go there and nowhere else. */
export function briefTargets(facts: MeetingBriefFacts): Set<string> {
  const methods = [...facts.movers, ...facts.wentAtRisk.methods, ...facts.checkIns.missing.map((person) => person.method)];
  return new Set([...methods.map((method) => pathTo.method(method.id)), ...facts.obstacles.oldest.map((obstacle) => pathTo.v2mom(obstacle.v2mom.id))]);
}
