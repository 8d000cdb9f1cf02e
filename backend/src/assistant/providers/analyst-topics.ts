import { RECENT_CHANGES_MAX_DAYS } from '../tools/data-tools.js';

/** What the built-in analyst can talk about; each maps to one data tool. */
export type AnalystTopic = 'progress' | 'attention' | 'overdue' | 'team' | 'obstacles' | 'changes';

/**
 * Keywords per topic, as word starts so 'perform' catches 'performing' and 'performance'.
 * Checked in this order, which is also the order of the sections in an answer.
 */
const TOPIC_PATTERNS: ReadonlyArray<[AnalystTopic, RegExp]> = [
  ['progress', /\b(progress|status|overall|overview|summar|on track|complet|how are we|how is it going|doing|how many|numbers|figures|stats|statistic|kpi)/i],
  ['attention', /\b(attention|risk|at-risk|behind|block|concern|problem|struggl|slipp|trouble|worr|focus|priorit|stale|quiet|not started)/i],
  ['overdue', /\b(overdue|late\b|past due|missed|deadline|delay)/i],
  ['team', /\b(team|department|dept|perform|who is|which people|by owner)/i],
  ['obstacles', /\b(obstacle|blocker|unaddressed|unlinked|without a method|no method)/i],
  ['changes', /\b(chang|recent|lately|what's new|what is new|new this|updated|this week|last week|past week|since)/i],
];

/** The topics a question asks about, in answer order; empty when none is recognised. */
export function topicsOf(question: string): AnalystTopic[] {
  return TOPIC_PATTERNS.filter(([, pattern]) => pattern.test(question)).map(([topic]) => topic);
}

/** How far back a question about changes looks: 'last 3 days', 'this week', 'today'; a week by default. */
export function daysAsked(question: string): number {
  const explicit = /\b(?:last|past)\s+(\d{1,3})\s+days?\b/i.exec(question)?.[1];
  if (explicit) return Math.min(Math.max(Number(explicit), 1), RECENT_CHANGES_MAX_DAYS);
  if (/\btoday\b/i.test(question)) return 1;
  if (/\b(month)\b/i.test(question)) return 30;
  return 7;
}

/**
 * Names the question puts in double quotes ('how is "onboarding" going?'); the V2MOM lookup
 * also finds whole titles anywhere in the question by itself. Single quotes are left alone:
 * they are apostrophes far more often than quotes.
 */
export function quotedNames(question: string): string[] {
  return [...question.matchAll(/["“]([^"”]{3,300})["”]/g)].map((match) => match[1] ?? '').filter(Boolean);
}

/** Whether the question asks how sure the owners are: a named method's confidence history then joins its facts. */
export function asksConfidence(question: string): boolean {
  return /\b(confiden|sure\b|certain)/i.test(question);
}

/** Ids the question names: 'method 12', 'method #12', '/method/12'; the same for V2MOMs. */
export function namedIds(question: string, kind: 'method' | 'v2mom'): number[] {
  const pattern = new RegExp(`\\b${kind}(?:\\s+#?|\\s*#|/)(\\d{1,9})\\b`, 'gi');
  return [...new Set([...question.matchAll(pattern)].map((match) => Number(match[1])))];
}
