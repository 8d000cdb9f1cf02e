import { mentionedIds, type TComment, type TUserRef } from '@v2mom/contracts';

export interface WillNotifyInput {
  text: string;
  viewerId: number;
  /** The item's owner: the V2MOM's, method's or obstacle's. */
  owner: TUserRef | null;
  /** Who may be mentioned, to name the draft's tokens. */
  people: readonly TUserRef[];
  /** The thread's comments so far: their writers are told too. */
  comments: readonly TComment[];
}

/**
 * "Will notify: Logan Lee (owner), Morgan Diaz (mentioned), 2 in this thread": whom posting the
 * draft tells (docs/PRODUCT.md#notifications), each once and never the writer; null when nobody.
 */
export function willNotify({ text, viewerId, owner, people, comments }: WillNotifyInput): string | null {
  const named = new Set<number>([viewerId]);
  const parts: string[] = [];
  if (owner && owner.active && !named.has(owner.id)) {
    named.add(owner.id);
    parts.push(`${owner.name} (owner)`);
  }
  const byId = new Map(people.map((person) => [person.id, person]));
  for (const id of mentionedIds(text)) {
    const person = byId.get(id);
    if (!person || named.has(id)) continue;
    named.add(id);
    parts.push(`${person.name} (mentioned)`);
  }
  const writers = new Set(comments.flatMap(({ author }) => (author && author.active && !named.has(author.id) ? [author.id] : [])));
  if (writers.size > 0) parts.push(`${writers.size} in this thread`);
  return parts.length === 0 ? null : `Will notify: ${parts.join(', ')}`;
}
