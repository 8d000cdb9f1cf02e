/** What the built-in analyst can talk about; each maps to one data tool. */
export type AnalystTopic = 'progress' | 'attention' | 'overdue' | 'team';

/**
 * Keywords per topic, as word starts so 'perform' catches 'performing' and 'performance'.
 * Checked in this order, which is also the order of the sections in an answer.
 */
const TOPIC_PATTERNS: ReadonlyArray<[AnalystTopic, RegExp]> = [
  ['progress', /\b(progress|status|overall|overview|summar|on track|complet|how are we|how is it going|doing|how many|numbers|figures|stats|statistic|kpi)/i],
  ['attention', /\b(attention|risk|at-risk|behind|block|concern|problem|struggl|slipp|trouble|worr|focus|priorit)/i],
  ['overdue', /\b(overdue|late\b|past due|missed|deadline|delay)/i],
  ['team', /\b(team|department|dept|perform|who is|which people|by owner)/i],
];

/** The topics a question asks about, in answer order; empty when none is recognised. */
export function topicsOf(question: string): AnalystTopic[] {
  return TOPIC_PATTERNS.filter(([, pattern]) => pattern.test(question)).map(([topic]) => topic);
}

/**
 * Names the question puts in double quotes ('how is "onboarding" going?'); the V2MOM lookup
 * also finds whole titles anywhere in the question by itself. Single quotes are left alone:
 * they are apostrophes far more often than quotes.
 */
export function quotedNames(question: string): string[] {
  return [...question.matchAll(/["“]([^"”]{3,300})["”]/g)].map((match) => match[1] ?? '').filter(Boolean);
}
