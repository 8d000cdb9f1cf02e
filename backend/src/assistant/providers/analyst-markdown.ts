import {
  quarterLabel,
  V2MOM_STATUS_LABELS,
  V2MOM_STATUSES,
  WORK_STATUSES,
  workStatusLabel,
  type TV2momStatus,
  type TWorkStatus,
} from '@v2mom/contracts';
import type { AttentionReason } from '../tools/attention-rules.js';
import type { MethodConfidenceFacts } from '../tools/method-confidence.js';
import type { MethodLookupFacts } from '../tools/method-lookup.js';
import type { MethodsNeedingAttentionFacts } from '../tools/methods-needing-attention.js';
import type { OverallProgressFacts } from '../tools/overall-progress.js';
import type { OverdueTasksFacts } from '../tools/overdue-tasks.js';
import type { RecentChangesFacts } from '../tools/recent-changes.js';
import type { TeamPerformanceFacts } from '../tools/team-performance.js';
import type { UnlinkedObstaclesFacts } from '../tools/unlinked-obstacles.js';
import type { V2momFacts } from '../tools/v2mom-lookup.js';
import { linkTo, mdText } from './markdown-links.js';

// Short markdown for each tool's facts: a bold headline with the figure, then bullets with names
// and numbers. Every figure comes from the facts; nothing here counts or estimates. Every method,
// V2MOM and task named is a link to its screen; every stored text is escaped (mdText).

const REASON_LABELS = {
  at_risk: 'at risk',
  overdue: 'past due',
  not_started: 'due soon and not started',
  behind: 'due soon with low progress',
  stale: 'no update in a month',
} as const satisfies Record<AttentionReason, string>;

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function workStatusCounts(byStatus: Partial<Record<TWorkStatus, number>>): string {
  const parts = WORK_STATUSES.filter((status) => (byStatus[status] ?? 0) > 0).map(
    (status) => `${byStatus[status]} ${workStatusLabel(status).toLowerCase()}`,
  );
  return parts.join(', ') || 'none';
}

function v2momStatusCounts(byStatus: Partial<Record<TV2momStatus, number>>): string {
  const parts = V2MOM_STATUSES.filter((status) => (byStatus[status] ?? 0) > 0).map(
    (status) => `${byStatus[status]} ${V2MOM_STATUS_LABELS[status].toLowerCase()}`,
  );
  return parts.join(', ') || 'none';
}

export function owned(owner: string | null, department?: string | null): string {
  if (!owner) return 'no owner';
  return department ? `${mdText(owner)} (${mdText(department)})` : mdText(owner);
}

function andMore(shown: number, total: number): string[] {
  return total > shown ? [`- …and ${total - shown} more.`] : [];
}

export function progressMarkdown({ v2moms, methods, tasks }: OverallProgressFacts): string {
  const lines = [
    `**Overall progress: ${methods.onTrack.count} of ${methods.onTrack.total} methods on track (${methods.onTrack.percentage}%)**`,
    '',
    `- Overall completion: ${methods.overallCompletion}% (${methods.byStatus.completed ?? 0} of ${methods.total} methods completed)`,
    `- Methods: ${workStatusCounts(methods.byStatus)}; average progress ${methods.averageProgress}%`,
    `- V2MOMs: ${v2moms.total} (${v2momStatusCounts(v2moms.byStatus)}); average progress ${v2moms.averageProgress}%`,
  ];
  if (v2moms.atRisk.length > 0) lines.push(`- V2MOMs at risk: ${v2moms.atRisk.map(({ id, title }) => linkTo.v2mom(id, title)).join(', ')}`);
  lines.push(`- Tasks: ${tasks.total} (${workStatusCounts(tasks.byStatus)})`);
  return lines.join('\n');
}

export function attentionMarkdown(facts: MethodsNeedingAttentionFacts): string {
  if (facts.total === 0) return `**No methods need attention right now.**\n\n_${facts.rule}_`;
  const lines = [`**${plural(facts.total, 'method needs', 'methods need')} attention**`, '', `_${facts.rule}_`, ''];
  for (const method of facts.methods) {
    const reasons = method.reasons.map((reason) => REASON_LABELS[reason]).join(', ');
    const due = method.dueDate ? `due ${method.dueDate}` : 'no due date';
    lines.push(
      `- **${linkTo.method(method.id, method.description)}**: ${owned(method.owner, method.department)}, ` +
        `${linkTo.v2mom(method.v2mom.id, method.v2mom.title)}; ${due}, ${method.progress}%, ${reasons}`,
    );
  }
  return [...lines, ...andMore(facts.methods.length, facts.total)].join('\n');
}

export function overdueMarkdown(facts: OverdueTasksFacts): string {
  const headline = `**${plural(facts.total, 'overdue task')}** (of ${plural(facts.openTasks, 'open task')})`;
  const lines = [headline, '', `_${facts.rule}_`];
  if (facts.tasks.length > 0) lines.push('');
  for (const task of facts.tasks) {
    lines.push(
      `- **${linkTo.task(task.title)}**: ${owned(task.owner, task.department)}, ${workStatusLabel(task.status).toLowerCase()}; ` +
        `method ${linkTo.method(task.method.id, task.method.description)} was due ${task.method.dueDate} (${plural(task.daysOverdue, 'day')} ago)`,
    );
  }
  return [...lines, ...andMore(facts.tasks.length, facts.total)].join('\n');
}

export function teamMarkdown({ departments }: TeamPerformanceFacts): string {
  const best = departments[0];
  const worst = departments.at(-1);
  if (!best || !worst) return '**Team performance:** no department owns any method yet.';
  const headline =
    best === worst
      ? `**Team performance: ${mdText(best.department)} has ${best.onTrack.percentage}% of its methods on track**`
      : `**Team performance: ${mdText(best.department)} leads with ${best.onTrack.percentage}% of methods on track; ` +
        `${mdText(worst.department)} trails at ${worst.onTrack.percentage}%**`;
  const lines = departments.map(
    (row) =>
      `- **${mdText(row.department)}**: ${row.onTrack.count} of ${row.onTrack.total} methods on track (${row.onTrack.percentage}%), ` +
      `${row.atRisk} at risk, average progress ${row.averageProgress}%, ${plural(row.openTasks, 'open task')}`,
  );
  return [headline, '', "_On track means completed or in progress; methods count for their owner's department._", '', ...lines].join('\n');
}

export function v2momMarkdown(v2mom: V2momFacts): string {
  const lines = [
    `**${linkTo.v2mom(v2mom.id, v2mom.title)}: ${V2MOM_STATUS_LABELS[v2mom.status]}, overall progress ${v2mom.overallProgress}%** ` +
      `(${v2mom.year} ${quarterLabel(v2mom.quarter)}, owned by ${owned(v2mom.owner, v2mom.department)})`,
    '',
    `- Methods on track: ${v2mom.methodsOnTrack.count} of ${v2mom.methodsOnTrack.total} (${v2mom.methodsOnTrack.percentage}%); ` +
      plural(v2mom.obstacles, 'obstacle'),
  ];
  for (const method of v2mom.methods) {
    const due = method.dueDate ? `, due ${method.dueDate}` : '';
    lines.push(
      `- ${linkTo.method(method.id, method.description)}: ${owned(method.owner)}, ${workStatusLabel(method.status).toLowerCase()}, ${method.progress}%${due}`,
    );
  }
  return lines.join('\n');
}

/** '7/10, down 2 from 9': a method's confidence and its last move; 'not given' while it has none. */
function confidenceWords(confidence: number | null, before: number | null): string {
  if (confidence === null) return 'not given';
  if (before === null || before === confidence) return `${confidence}/10`;
  return `${confidence}/10, ${confidence > before ? 'up' : 'down'} ${Math.abs(confidence - before)} from ${before}`;
}

export function methodMarkdown({ matches }: MethodLookupFacts): string {
  return matches
    .map((method) => {
      const lines = [
        `**${linkTo.method(method.id, method.description)}: ${workStatusLabel(method.status)}, ${method.progress}%**` +
          ` (${linkTo.v2mom(method.v2mom.id, method.v2mom.title)})`,
        '',
        `- Owner: ${owned(method.owner, method.department)}${method.l2Owner ? `; L2 owner ${mdText(method.l2Owner)}` : ''}`,
        `- Due: ${method.dueDate ?? 'no due date'}`,
        `- Confidence: ${confidenceWords(method.confidence, method.previousConfidence)}`,
        `- Measure: ${method.measure ? mdText(method.measure) : 'none set'}; current: ${method.currentMeasure ? mdText(method.currentMeasure) : 'not measured'}`,
        `- Latest update: ${method.update ? mdText(method.update) : 'none yet'}`,
        `- ${plural(method.obstacles, 'linked obstacle')}, ${plural(method.openTasks, 'open task')}${method.forCooTracking ? ', COO tracked' : ''}`,
      ];
      return lines.join('\n');
    })
    .join('\n\n');
}

/** Each method's confidence now and its latest check-ins that gave one, with the reasons given for drops. */
export function confidenceMarkdown({ methods }: MethodConfidenceFacts): string {
  return methods
    .map((method) => {
      const head = `**${linkTo.method(method.id, method.description)}: confidence ${confidenceWords(method.confidence, method.previousConfidence)}**`;
      if (method.history.length === 0) return `${head}\n\nNo check-in has given a confidence yet.`;
      const lines = method.history.map(
        (point) =>
          `- ${point.at?.slice(0, 10) ?? 'date not recorded'}: ${confidenceWords(point.confidence, point.previous)}` +
          `${point.author ? ` by ${mdText(point.author)}` : ''}${point.reason ? `: ${mdText(point.reason)}` : ''}`,
      );
      return [head, '', ...lines].join('\n');
    })
    .join('\n\n');
}

export function unlinkedObstaclesMarkdown(facts: UnlinkedObstaclesFacts): string {
  if (facts.total === 0) return '**Every obstacle has a method working against it.**';
  const lines = [`**${plural(facts.total, 'obstacle has', 'obstacles have')} no linked method**`, ''];
  for (const obstacle of facts.obstacles) {
    lines.push(`- ${mdText(obstacle.description)}: ${owned(obstacle.owner)}, ${linkTo.v2mom(obstacle.v2mom.id, obstacle.v2mom.title)}`);
  }
  return [...lines, ...andMore(facts.obstacles.length, facts.total)].join('\n');
}

const KIND_LABELS = { v2mom: ['V2MOM', 'V2MOMs'], method: ['method', 'methods'], obstacle: ['obstacle', 'obstacles'], task: ['task', 'tasks'] } as const;

function changedName(change: RecentChangesFacts['changes'][number]): string {
  if (change.kind === 'v2mom') return linkTo.v2mom(change.id, change.name);
  if (change.kind === 'method') return linkTo.method(change.id, change.name);
  if (change.kind === 'task') return linkTo.task(change.name);
  return change.v2momId === null ? mdText(change.name) : `${mdText(change.name)} (${linkTo.v2mom(change.v2momId, 'its V2MOM')})`;
}

export function recentChangesMarkdown(facts: RecentChangesFacts): string {
  const span = facts.days === 1 ? 'today' : `in the last ${facts.days} days`;
  if (facts.total === 0) return `**Nothing was created or changed ${span}.**\n\n_${facts.rule}_`;
  const counts = (Object.keys(KIND_LABELS) as Array<keyof typeof KIND_LABELS>)
    .filter((kind) => facts.byKind[kind])
    .map((kind) => {
      const { created, updated } = facts.byKind[kind] ?? { created: 0, updated: 0 };
      const [one, many] = KIND_LABELS[kind];
      return `${plural(created + updated, one, many)} (${created} new)`;
    });
  const lines = [`**${plural(facts.total, 'change', 'changes')} ${span}** (since ${facts.since}): ${counts.join(', ')}`, '', `_${facts.rule}_`, ''];
  for (const change of facts.changes) {
    const who = change.changedBy ? ` by ${mdText(change.changedBy)}` : '';
    lines.push(`- ${change.created ? 'New' : 'Updated'} ${KIND_LABELS[change.kind][0]} ${changedName(change)}${who}, ${change.changedAt.slice(0, 10)}`);
  }
  return [...lines, ...andMore(facts.changes.length, facts.total)].join('\n');
}
