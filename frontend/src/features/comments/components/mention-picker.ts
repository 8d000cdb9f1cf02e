import type { TUserRef } from '@v2mom/contracts';
import type { ComboboxResults } from '../../../components/ui/combobox-results';

/** How many people the mention list offers at once. */
const SHOWN = 6;

/**
 * Active people whose name, username or department hold what follows the `@`, a first page from
 * the server (docs/PRODUCT.md#paged-lists): a hook the page hands the thread, asked only while a
 * mention is being typed.
 */
export type MentionSearch = (query: string, enabled: boolean) => ComboboxResults<TUserRef>;

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

/**
 * The people whose name holds what was typed, as many as the list shows; none right after a whole
 * name and a space (a mention picked or typed out is done, docs/PRODUCT.md#comments).
 */
export function matchingPeople(people: readonly TUserRef[], query: string): TUserRef[] {
  if (people.some((person) => person.name !== '' && query.startsWith(person.name) && /^\s+$/.test(query.slice(person.name.length)))) return [];
  const wanted = query.trim().toLowerCase();
  return people.filter((person) => person.active && person.name.toLowerCase().includes(wanted)).slice(0, SHOWN);
}
