import { setTimeout as delay } from 'node:timers/promises';
import { methodConfidence } from '../tools/method-confidence.js';
import { findMethods, type MethodLookupFacts } from '../tools/method-lookup.js';
import { methodsNeedingAttention } from '../tools/methods-needing-attention.js';
import { overallProgress } from '../tools/overall-progress.js';
import { overdueTasks } from '../tools/overdue-tasks.js';
import { recentChanges } from '../tools/recent-changes.js';
import { teamPerformance } from '../tools/team-performance.js';
import { unlinkedObstacles } from '../tools/unlinked-obstacles.js';
import type { ToolContext } from '../tools/tool-context.js';
import { findV2moms, type V2momFacts } from '../tools/v2mom-lookup.js';
import {
  attentionMarkdown,
  confidenceMarkdown,
  methodMarkdown,
  overdueMarkdown,
  progressMarkdown,
  recentChangesMarkdown,
  teamMarkdown,
  unlinkedObstaclesMarkdown,
  v2momMarkdown,
} from './analyst-markdown.js';
import { insightsMarkdown } from './analyst-insights.js';
import { asksConfidence, daysAsked, namedIds, quotedNames, topicsOf, type AnalystTopic } from './analyst-topics.js';
import { BRIEF_ANALYST_NOTE, briefMarkdown } from './brief-markdown.js';
import type { AnswerRequest, AssistantProvider, BriefRequest, InsightsRequest } from './provider.js';

/** Said once per conversation, so nobody mistakes the analyst for a language model. */
export const NO_MODEL_NOTE =
  '_No language model is configured, so this answer comes from the built-in analyst: live figures from the database, nothing invented._';

const CAPABILITIES =
  "I didn't recognise a question I can answer from the data. I can tell you about:\n\n" +
  '- **overall progress** and methods on track\n' +
  '- **methods needing attention** (at risk, past due, due soon and not started, or quiet for a month)\n' +
  '- **overdue tasks**\n' +
  '- **team performance** by department\n' +
  '- **obstacles without a linked method**\n' +
  '- **what changed** in the last days (say how many)\n' +
  "- **a V2MOM or a method**, by its title in double quotes or its id (`method 12`, `v2mom 3`), and a method's **confidence** over time\n\n" +
  'Here is a short overall summary:';

type Section = (tools: ToolContext, question: string) => Promise<string>;

const SECTIONS: Record<AnalystTopic, Section> = {
  progress: async (tools) => progressMarkdown(await overallProgress(tools)),
  attention: async (tools) => attentionMarkdown(await methodsNeedingAttention(tools)),
  overdue: async (tools) => overdueMarkdown(await overdueTasks(tools)),
  team: async (tools) => teamMarkdown(await teamPerformance(tools)),
  obstacles: async (tools) => unlinkedObstaclesMarkdown(await unlinkedObstacles(tools)),
  changes: async (tools, question) => recentChangesMarkdown(await recentChanges(tools, daysAsked(question))),
};

/** V2MOMs the question names: a whole title anywhere in it, any text in double quotes, or an id. */
async function mentionedV2moms(tools: ToolContext, question: string): Promise<V2momFacts[]> {
  const found = new Map<number, V2momFacts>();
  const searches = [question, ...quotedNames(question), ...namedIds(question, 'v2mom').map((id) => ({ id }))];
  for (const search of searches) {
    for (const match of (await findV2moms(tools, search)).matches) found.set(match.id, match);
  }
  return [...found.values()];
}

/** Methods the question names by id, or by text in double quotes. */
async function mentionedMethods(tools: ToolContext, question: string): Promise<MethodLookupFacts['matches']> {
  const found = new Map<number, MethodLookupFacts['matches'][number]>();
  const searches = [...namedIds(question, 'method').map((id) => ({ id })), ...quotedNames(question).map((text) => ({ text }))];
  for (const search of searches) {
    for (const match of (await findMethods(tools, search)).matches) found.set(match.id, match);
  }
  return [...found.values()];
}

/**
 * Sections for the question. Named V2MOMs and methods are the whole subject; otherwise one section
 * per recognised topic; otherwise what the analyst can do and the headline figures.
 */
async function* answerSections({ question, tools }: AnswerRequest): AsyncGenerator<string> {
  const [v2moms, methods] = await Promise.all([mentionedV2moms(tools, question), mentionedMethods(tools, question)]);
  if (v2moms.length > 0 || methods.length > 0) {
    for (const v2mom of v2moms) yield v2momMarkdown(v2mom);
    if (methods.length > 0) yield methodMarkdown({ search: question, matches: methods });
    if (methods.length > 0 && asksConfidence(question)) {
      for (const method of methods) yield confidenceMarkdown(await methodConfidence(tools, { id: method.id }));
    }
    return;
  }
  const topics = topicsOf(question);
  if (topics.length === 0) {
    yield CAPABILITIES;
    yield await SECTIONS.progress(tools, question);
    return;
  }
  for (const topic of topics) yield await SECTIONS[topic](tools, question);
}

/** Words per chunk, and the pause between chunks, when someone watches the answer arrive. */
const PACE_WORDS = 4;
const PACE_MS = 12;

/** A section a few words at a time, whitespace kept, so joining the pieces gives it back whole. */
function pieces(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const leading = text.match(/^\s*/)?.[0] ?? '';
  const result: string[] = [];
  for (let index = 0; index < words.length; index += PACE_WORDS) result.push(words.slice(index, index + PACE_WORDS).join(''));
  if (leading && result.length > 0) result[0] = leading + result[0];
  return result.length > 0 ? result : [text];
}

/**
 * The analyst has its figures at once, but an answer that appears in one block reads like a page
 * load: streamed, it arrives a few words at a time, as a model's would. Figures are never split
 * from what they describe by more than a pause.
 */
async function* paced(chunks: AsyncIterable<string>, signal: AbortSignal | undefined): AsyncGenerator<string> {
  let first = true;
  for await (const chunk of chunks) {
    for (const piece of pieces(chunk)) {
      if (!first) {
        try {
          await delay(PACE_MS, undefined, { signal });
        } catch {
          return;
        }
      }
      first = false;
      yield piece;
    }
  }
}

/** Each section is a chunk, produced only once the one before it has been sent. */
async function* withNote(sections: AsyncIterable<string> | Iterable<string>, signal: AbortSignal | undefined, note: string | null): AsyncGenerator<string> {
  for await (const section of sections) {
    if (signal?.aborted) return;
    yield `${section}\n\n`;
  }
  if (note) yield note;
}

/** The note is said once: not again when an earlier answer of the conversation already said it. */
function saidBefore(history: AnswerRequest['history']): boolean {
  return history.some((message) => message.role === 'assistant' && message.content.includes(NO_MODEL_NOTE));
}

function delivered(chunks: AsyncIterable<string>, { signal, streamed }: { signal?: AbortSignal | undefined; streamed?: boolean | undefined }) {
  return streamed ? paced(chunks, signal) : chunks;
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
    answer: (request: AnswerRequest) => delivered(withNote(answerSections(request), request.signal, saidBefore(request.history) ? null : NO_MODEL_NOTE), request),
    insights: (request: InsightsRequest) => delivered(withNote(insightSections(request.tools), request.signal, NO_MODEL_NOTE), request),
    brief: (request: BriefRequest) => delivered(withNote(briefMarkdown(request.facts), request.signal, BRIEF_ANALYST_NOTE), request),
  };
}
