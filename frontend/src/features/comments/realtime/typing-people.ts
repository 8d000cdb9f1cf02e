import { TYPING_EVERY_MS, TYPING_SHOWN_MS, type TUserRef } from '@v2mom/contracts';

/**
 * Who is writing in an open thread, in the order they began, each shown until TYPING_SHOWN_MS
 * after the last `thread:typing` heard from them (docs/PRODUCT.md#comments).
 */
export type TypingPeople = ReadonlyArray<{ person: TUserRef; until: number }>;

/** `person` is typing as of `now`: kept in their place if already shown, else added last. */
export function heardTyping(people: TypingPeople, person: TUserRef, now: number): TypingPeople {
  const until = now + TYPING_SHOWN_MS;
  return people.some((entry) => entry.person.id === person.id)
    ? people.map((entry) => (entry.person.id === person.id ? { person, until } : entry))
    : [...people, { person, until }];
}

/** Their comment arrived: what they were typing is on screen now. */
export function stoppedTyping(people: TypingPeople, personId: number): TypingPeople {
  return people.some((entry) => entry.person.id === personId) ? people.filter((entry) => entry.person.id !== personId) : people;
}

/** Those heard from within TYPING_SHOWN_MS of `now`. */
export function stillTyping(people: TypingPeople, now: number): TypingPeople {
  return people.every((entry) => entry.until > now) ? people : people.filter((entry) => entry.until > now);
}

/** When the next person stops being shown, or null when nobody is. */
export function nextExpiry(people: TypingPeople): number | null {
  return people.length === 0 ? null : Math.min(...people.map((entry) => entry.until));
}

/** "Casey Chen is typing…", "Casey Chen and Logan Lee are typing…", "3 people are typing…"; empty for nobody. */
export function describeTyping(people: TypingPeople): string {
  const [first, second] = people;
  if (!first) return '';
  if (!second) return `${first.person.name} is typing…`;
  if (people.length === 2) return `${first.person.name} and ${second.person.name} are typing…`;
  return `${people.length} people are typing…`;
}

/**
 * What the composer calls with its text on every edit the person makes: `send` runs when the text
 * changed, is not blank, and TYPING_EVERY_MS have passed since it last ran, so a fast typist
 * costs the others one event every two seconds. An emptied box (a post empties it, and the others
 * then stop showing the person) says nothing, and the next word is told at once.
 */
export function typingSignal(send: () => void, now: () => number = Date.now): (text: string) => void {
  let lastText = '';
  let lastSentAt = Number.NEGATIVE_INFINITY;
  return (text) => {
    if (text === lastText) return;
    lastText = text;
    if (text.trim() === '') {
      lastSentAt = Number.NEGATIVE_INFINITY;
      return;
    }
    const at = now();
    if (at - lastSentAt < TYPING_EVERY_MS) return;
    lastSentAt = at;
    send();
  };
}
