import type { TUserRef } from '@v2mom/contracts';

/** How many people the mention list offers at once. */
const SHOWN = 6;

/** An `@` being typed right before the caret: at the start or after a space, not yet a token. */
const TYPING_MENTION = /(?:^|\s)@([^\n@<>]{0,30})$/;

export interface MentionQuery {
  /** Where its `@` is in the text. */
  start: number;
  query: string;
}

/** The mention being typed before `caret`, if any. */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const match = TYPING_MENTION.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The people whose name holds what was typed, as many as the list shows. */
export function matchingPeople(people: readonly TUserRef[], query: string): TUserRef[] {
  const wanted = query.trim().toLowerCase();
  return people.filter((person) => person.active && person.name.toLowerCase().includes(wanted)).slice(0, SHOWN);
}
