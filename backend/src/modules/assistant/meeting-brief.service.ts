import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { TMeetingBrief } from '@v2mom/contracts';
import { briefMarkdown, BRIEF_ANALYST_NOTE } from '../../assistant/providers/brief-markdown.js';
import type { AssistantProvider } from '../../assistant/providers/provider.js';
import { briefFactsMessage } from '../../assistant/providers/system-prompt.js';
import { now } from '../../server-clock.js';
import { selectRows, writeRows } from '../read-db.js';
import { meetingBriefFacts, type MeetingBriefFacts } from '../rhythm/meeting-brief-facts.js';
import type { Rhythm } from '../rhythm/rhythm.entity.js';
import { loadRhythm } from '../rhythm/rhythm.service.js';

/** A brief on its way: which meeting, from when, by whom, and its text as it comes. */
export interface BriefWriting extends Omit<TMeetingBrief, 'text'> {
  chunks: AsyncIterable<string>;
}

/** What the kept text was written from: the facts exactly as the model read them. */
const factsKeyOf = (facts: MeetingBriefFacts) => createHash('sha256').update(briefFactsMessage(facts)).digest('hex');

/** The model's brief kept for these very facts, if any. */
async function keptText(em: EntityManager, facts: MeetingBriefFacts): Promise<string | null> {
  const [kept] = await selectRows(em, (db) =>
    db.selectFrom('meeting_brief').select('text').where('meeting_at', '=', facts.meetingAt).where('facts_key', '=', factsKeyOf(facts)),
  );
  return kept?.text ?? null;
}

/** Passes the model's text on, and keeps it once it is whole: a stopped or failed brief is not kept. */
async function* keptWhenWhole(em: EntityManager, facts: MeetingBriefFacts, chunks: AsyncIterable<string>, signal: AbortSignal | undefined): AsyncGenerator<string> {
  let text = '';
  for await (const chunk of chunks) {
    text += chunk;
    yield chunk;
  }
  if (signal?.aborted || text.trim() === '') return;
  const row = { meeting_at: facts.meetingAt, facts_key: factsKeyOf(facts), text, written_at: now() };
  await writeRows(em, (db) =>
    db
      .insertInto('meeting_brief')
      .values(row)
      .onConflict((conflict) => conflict.column('meeting_at').doUpdateSet({ facts_key: row.facts_key, text: row.text, written_at: row.written_at })),
  );
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

/**
 * The brief for the coming COO meeting at `at` (docs/PRODUCT.md#meeting-brief). The built-in
 * analyst writes it afresh each time: the same facts give every viewer the same words. A model
 * writes it once per meeting and facts: the first viewer watches it arrive, and it is kept for
 * everyone after, until the facts change or someone has it written again (`regenerate`), which
 * replaces the kept text once the new one is whole.
 */
export async function meetingBrief(
  em: EntityManager,
  provider: AssistantProvider,
  at: Date,
  delivery: { signal?: AbortSignal | undefined; streamed?: boolean },
  regenerate = false,
): Promise<BriefWriting> {
  const facts = await meetingBriefFacts(em, await loadRhythm(em), at);
  const about = { meetingAt: facts.meetingAt.toISOString(), since: facts.since.toISOString() };
  if (provider.kind === 'builtin') return { ...about, writer: 'analyst', chunks: provider.brief({ facts, ...delivery }) };
  const kept = regenerate ? null : await keptText(em, facts);
  const chunks = kept === null ? keptWhenWhole(em, facts, provider.brief({ facts, ...delivery }), delivery.signal) : once(kept);
  return { ...about, writer: 'model', chunks };
}

/**
 * The brief as it is written already, never asking a model: the model's when one was kept for these
 * facts, else the built-in analyst's words. The meeting digest's run and a meeting room's screen read it.
 */
export async function writtenBrief(em: EntityManager, rhythm: Rhythm, at: Date): Promise<TMeetingBrief> {
  const facts = await meetingBriefFacts(em, rhythm, at);
  const about = { meetingAt: facts.meetingAt.toISOString(), since: facts.since.toISOString() };
  const kept = await keptText(em, facts);
  return kept === null ? { ...about, writer: 'analyst', text: [...briefMarkdown(facts), BRIEF_ANALYST_NOTE].join('\n\n') } : { ...about, writer: 'model', text: kept };
}
