import { mentionToken, type TUserRef } from '@v2mom/contracts';

const TOKEN = /<@(\d{1,10})>/g;
/** The characters a regular expression with the `u` flag reads as syntax. */
const SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/**
 * The text the comment box shows for a stored text: each `<@id>` of a person named in `people` as
 * `@Name` (docs/PRODUCT.md#comments). A token of someone not named stays as it is.
 */
export function mentionsAsNames(text: string, people: readonly TUserRef[]): string {
  const names = new Map(people.map((person) => [person.id, person.name]));
  return text.replace(TOKEN, (token, id: string) => {
    const name = names.get(Number(id));
    return name === undefined ? token : `@${name}`;
  });
}

/**
 * The text sent for what the box shows: each `@Name` of a person in `people` as their `<@id>`.
 * The longest name wins (`@Morgan Diaz` before `@Morgan`), a name goes up to a letter or digit
 * (`@Morgan Diazs` is no one), and where two people share a name the first listed is meant.
 */
export function namesAsMentions(text: string, people: readonly TUserRef[]): string {
  const byName = new Map<string, number>();
  for (const person of people) if (person.name !== '' && !byName.has(person.name)) byName.set(person.name, person.id);
  if (byName.size === 0 || !text.includes('@')) return text;
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map((name) => name.replace(SYNTAX, '\\$&'));
  const written = new RegExp(`@(${names.join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  return text.replace(written, (mention, name: string) => {
    const id = byName.get(name);
    return id === undefined ? mention : mentionToken(id);
  });
}
