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
import type { MethodsNeedingAttentionFacts } from '../tools/methods-needing-attention.js';
import type { OverallProgressFacts } from '../tools/overall-progress.js';
import type { OverdueTasksFacts } from '../tools/overdue-tasks.js';
import type { TeamPerformanceFacts } from '../tools/team-performance.js';
import type { V2momFacts } from '../tools/v2mom-lookup.js';

// Short markdown for each tool's facts: a bold headline with the figure, then bullets with names
// and numbers. Every figure comes from the facts; nothing here counts or estimates.

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

function owned(owner: string | null, department?: string | null): string {
  if (!owner) return 'no owner';
  return department ? `${owner} (${department})` : owner;
}

function andMore(shown: number, total: number): string[] {
  return total > shown ? [`- …and ${total - shown} more.`] : [];
}

export function progressMarkdown({ v2moms, methods, tasks }: OverallProgressFacts): string {
  const lines = [
    `**Overall progress: ${methods.onTrack.count} of ${methods.onTrack.total} methods on track (${methods.onTrack.percentage}%)**`,
    `- Overall completion: ${methods.overallCompletion}% (${methods.byStatus.completed ?? 0} of ${methods.total} methods completed)`,
    `- Methods: ${workStatusCounts(methods.byStatus)}; average progress ${methods.averageProgress}%`,
    `- V2MOMs: ${v2moms.total} (${v2momStatusCounts(v2moms.byStatus)}); average progress ${v2moms.averageProgress}%`,
  ];
  if (v2moms.atRiskTitles.length > 0) lines.push(`- V2MOMs at risk: ${v2moms.atRiskTitles.join(', ')}`);
  lines.push(`- Tasks: ${tasks.total} (${workStatusCounts(tasks.byStatus)})`);
  return lines.join('\n');
}

export function attentionMarkdown(facts: MethodsNeedingAttentionFacts): string {
  if (facts.total === 0) return `**No methods need attention right now.**\n_${facts.rule}_`;
  const lines = [`**${plural(facts.total, 'method needs', 'methods need')} attention**`, `_${facts.rule}_`];
  for (const method of facts.methods) {
    const reasons = method.reasons.map((reason) => REASON_LABELS[reason]).join(', ');
    const due = method.dueDate ? `due ${method.dueDate}` : 'no due date';
    lines.push(
      `- **${method.description}**: ${owned(method.owner, method.department)}, *${method.v2mom.title}*; ` +
        `${due}, ${method.progress}%, ${reasons}`,
    );
  }
  return [...lines, ...andMore(facts.methods.length, facts.total)].join('\n');
}

export function overdueMarkdown(facts: OverdueTasksFacts): string {
  const headline = `**${plural(facts.total, 'overdue task')}** (of ${plural(facts.openTasks, 'open task')})`;
  const lines = [headline, `_${facts.rule}_`];
  for (const task of facts.tasks) {
    lines.push(
      `- **${task.title}**: ${owned(task.owner, task.department)}, ${workStatusLabel(task.status).toLowerCase()}; ` +
        `method "${task.method.description}" was due ${task.method.dueDate} (${plural(task.daysOverdue, 'day')} ago)`,
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
      ? `**Team performance: ${best.department} has ${best.onTrack.percentage}% of its methods on track**`
      : `**Team performance: ${best.department} leads with ${best.onTrack.percentage}% of methods on track; ` +
        `${worst.department} trails at ${worst.onTrack.percentage}%**`;
  const lines = departments.map(
    (row) =>
      `- **${row.department}**: ${row.onTrack.count} of ${row.onTrack.total} methods on track (${row.onTrack.percentage}%), ` +
      `${row.atRisk} at risk, average progress ${row.averageProgress}%, ${plural(row.openTasks, 'open task')}`,
  );
  return [headline, '_On track means completed or in progress; methods count for their owner\'s department._', ...lines].join('\n');
}

export function v2momMarkdown(v2mom: V2momFacts): string {
  const lines = [
    `**${v2mom.title}: ${V2MOM_STATUS_LABELS[v2mom.status]}, overall progress ${v2mom.overallProgress}%** ` +
      `(${v2mom.year} ${quarterLabel(v2mom.quarter)}, owned by ${v2mom.owner}, ${v2mom.department})`,
    `- Methods on track: ${v2mom.methodsOnTrack.count} of ${v2mom.methodsOnTrack.total} (${v2mom.methodsOnTrack.percentage}%); ` +
      plural(v2mom.obstacles, 'obstacle'),
  ];
  for (const method of v2mom.methods) {
    const due = method.dueDate ? `, due ${method.dueDate}` : '';
    lines.push(`- ${method.description}: ${owned(method.owner)}, ${workStatusLabel(method.status).toLowerCase()}, ${method.progress}%${due}`);
  }
  return lines.join('\n');
}
