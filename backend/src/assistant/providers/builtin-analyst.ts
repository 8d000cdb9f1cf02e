import { methodsNeedingAttention } from '../tools/methods-needing-attention.js';
import { overallProgress } from '../tools/overall-progress.js';
import { overdueTasks } from '../tools/overdue-tasks.js';
import { teamPerformance } from '../tools/team-performance.js';
import type { ToolContext } from '../tools/tool-context.js';
import { findV2moms, type V2momFacts } from '../tools/v2mom-lookup.js';
import { attentionMarkdown, overdueMarkdown, progressMarkdown, teamMarkdown, v2momMarkdown } from './analyst-markdown.js';
import { insightsMarkdown } from './analyst-insights.js';
import { quotedNames, topicsOf, type AnalystTopic } from './analyst-topics.js';
import type { AnswerRequest, AssistantProvider, InsightsRequest } from './provider.js';

/** Said with every built-in answer, so nobody mistakes it for a language model's. */
const NO_MODEL_NOTE =
  '_No language model is configured, so this answer comes from the built-in analyst: live figures from the database, nothing invented._';

const CAPABILITIES =
  "I can answer questions about **overall progress**, **methods needing attention** (at risk or behind), " +
  '**overdue tasks**, **team performance** by department, and **a specific V2MOM** named by its title. ' +
  "Here is a short overall summary:";

const SECTIONS: Record<AnalystTopic, (tools: ToolContext) => Promise<string>> = {
  progress: async (tools) => progressMarkdown(await overallProgress(tools)),
  attention: async (tools) => attentionMarkdown(await methodsNeedingAttention(tools)),
  overdue: async (tools) => overdueMarkdown(await overdueTasks(tools)),
  team: async (tools) => teamMarkdown(await teamPerformance(tools)),
};

/** V2MOMs the question names: a whole title anywhere in it, or any text in double quotes. */
async function mentionedV2moms(tools: ToolContext, question: string): Promise<V2momFacts[]> {
  const found = new Map<number, V2momFacts>();
  for (const search of [question, ...quotedNames(question)]) {
    for (const match of (await findV2moms(tools, search)).matches) found.set(match.id, match);
  }
  return [...found.values()];
}

/**
 * Sections for the question. A named V2MOM is the whole subject; otherwise one section per
 * recognised topic; otherwise what the analyst can do and the headline figures.
 */
async function* answerSections({ question, tools }: AnswerRequest): AsyncGenerator<string> {
  const v2moms = await mentionedV2moms(tools, question);
  if (v2moms.length > 0) {
    for (const v2mom of v2moms) yield v2momMarkdown(v2mom);
    return;
  }
  const topics = topicsOf(question);
  if (topics.length === 0) {
    yield CAPABILITIES;
    yield await SECTIONS.progress(tools);
    return;
  }
  for (const topic of topics) yield await SECTIONS[topic](tools);
}

/** Each section is a chunk, produced only once the one before it has been sent. */
async function* withNote(sections: AsyncIterable<string>, signal: AbortSignal | undefined): AsyncGenerator<string> {
  for await (const section of sections) {
    if (signal?.aborted) return;
    yield `${section}\n\n`;
  }
  yield NO_MODEL_NOTE;
}

async function* insightSections(tools: ToolContext): AsyncGenerator<string> {
  const [progress, attention, overdue, team] = await Promise.all([
    overallProgress(tools),
    methodsNeedingAttention(tools),
    overdueTasks(tools),
    teamPerformance(tools),
  ]);
  yield insightsMarkdown({ progress, attention, overdue, team });
}

/** Without a model: the same data tools, chosen by keywords (docs/PRODUCT.md#assistant). */
export function builtinAnalyst(): AssistantProvider {
  return {
    kind: 'builtin',
    answer: (request: AnswerRequest) => withNote(answerSections(request), request.signal),
    insights: (request: InsightsRequest) => withNote(insightSections(request.tools), request.signal),
  };
}
