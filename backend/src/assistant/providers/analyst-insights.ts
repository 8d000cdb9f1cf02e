import type { MethodsNeedingAttentionFacts } from '../tools/methods-needing-attention.js';
import type { OverallProgressFacts } from '../tools/overall-progress.js';
import type { OverdueTasksFacts } from '../tools/overdue-tasks.js';
import type { TeamPerformanceFacts } from '../tools/team-performance.js';
import { owned, plural } from './analyst-markdown.js';
import { linkTo, mdText } from './markdown-links.js';

export interface InsightFacts {
  progress: OverallProgressFacts;
  attention: MethodsNeedingAttentionFacts;
  overdue: OverdueTasksFacts;
  team: TeamPerformanceFacts;
}

/** At most this many names in one bullet, so an insight stays one line. */
const NAMES_PER_BULLET = 3;

function progressInsight({ methods, v2moms }: OverallProgressFacts): string {
  return (
    `- **Progress:** ${methods.onTrack.count} of ${methods.onTrack.total} methods on track (${methods.onTrack.percentage}%), ` +
    `overall completion ${methods.overallCompletion}%, average V2MOM progress ${v2moms.averageProgress}%.`
  );
}

function riskInsight({ progress, attention }: InsightFacts): string {
  const names = attention.methods.slice(0, NAMES_PER_BULLET).map((method) => `${linkTo.method(method.id, method.description)} (${owned(method.owner)})`);
  const pressing = names.length > 0 ? `; most pressing: ${names.join(', ')}` : '';
  return `- **Risk:** ${plural(progress.methods.atRisk, 'method')} at risk and ${plural(attention.total, 'method')} needing attention${pressing}.`;
}

function overdueInsight(overdue: OverdueTasksFacts): string {
  const oldest = overdue.tasks[0];
  if (!oldest) return `- **Overdue tasks:** none of the ${plural(overdue.openTasks, 'open task')} is past its method's due date.`;
  return (
    `- **Overdue tasks:** ${overdue.total} of ${overdue.openTasks} open; the oldest, ${linkTo.task(oldest.title)} (${owned(oldest.owner)}), ` +
    `is ${plural(oldest.daysOverdue, 'day')} past its method's due date.`
  );
}

function teamInsight({ departments }: TeamPerformanceFacts): string | null {
  const best = departments[0];
  const worst = departments.at(-1);
  if (!best || !worst || best === worst) return null;
  return (
    `- **Teams:** ${mdText(best.department)} is strongest (${best.onTrack.count} of ${best.onTrack.total} on track, ${best.onTrack.percentage}%); ` +
    `${mdText(worst.department)} needs support (${worst.onTrack.count} of ${worst.onTrack.total}, ${worst.onTrack.percentage}%).`
  );
}

function atRiskV2momsInsight({ v2moms }: OverallProgressFacts): string | null {
  const links = v2moms.atRisk.slice(0, NAMES_PER_BULLET).map(({ id, title }) => linkTo.v2mom(id, title));
  return links.length > 0 ? `- **V2MOMs at risk:** ${links.join(', ')}.` : null;
}

/** The "Get Insights" answer: a headline and one bullet per area, every figure from the facts. */
export function insightsMarkdown(facts: InsightFacts): string {
  const { onTrack } = facts.progress.methods;
  const bullets = [
    progressInsight(facts.progress),
    riskInsight(facts),
    atRiskV2momsInsight(facts.progress),
    overdueInsight(facts.overdue),
    teamInsight(facts.team),
  ].filter((line): line is string => line !== null);
  return [`**Insights: ${onTrack.percentage}% of methods are on track across ${plural(facts.progress.v2moms.total, 'V2MOM')}**`, '', ...bullets].join('\n');
}
