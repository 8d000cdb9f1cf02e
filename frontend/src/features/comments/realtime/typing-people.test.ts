import { TYPING_EVERY_MS, TYPING_SHOWN_MS } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { describeTyping, heardTyping, nextExpiry, stillTyping, stoppedTyping, typingSignal, type TypingPeople } from './typing-people';

const CASEY = { id: 2, name: 'Casey Chen', active: true };
const LOGAN = { id: 3, name: 'Logan Lee', active: true };
const DANA = { id: 6, name: 'Dana Moss', active: true };

describe('who is typing', () => {
  it('names one or two people and counts three or more, in the order they began', () => {
    let people: TypingPeople = [];
    expect(describeTyping(people)).toBe('');
    people = heardTyping(people, CASEY, 0);
    expect(describeTyping(people)).toBe('Casey Chen is typing…');
    people = heardTyping(people, LOGAN, 100);
    expect(describeTyping(people)).toBe('Casey Chen and Logan Lee are typing…');
    people = heardTyping(people, CASEY, 200);
    expect(describeTyping(people)).toBe('Casey Chen and Logan Lee are typing…');
    people = heardTyping(people, DANA, 300);
    expect(describeTyping(people)).toBe('3 people are typing…');
  });

  it("shows each for TYPING_SHOWN_MS after the last word heard from them, each on its own clock", () => {
    let people = heardTyping(heardTyping([], CASEY, 0), LOGAN, 1_000);
    people = heardTyping(people, CASEY, 2_000);
    expect(nextExpiry(people)).toBe(1_000 + TYPING_SHOWN_MS);
    expect(describeTyping(stillTyping(people, 1_000 + TYPING_SHOWN_MS - 1))).toBe('Casey Chen and Logan Lee are typing…');
    people = stillTyping(people, 1_000 + TYPING_SHOWN_MS);
    expect(describeTyping(people)).toBe('Casey Chen is typing…');
    expect(nextExpiry(people)).toBe(2_000 + TYPING_SHOWN_MS);
    expect(stillTyping(people, 2_000 + TYPING_SHOWN_MS)).toEqual([]);
    expect(nextExpiry([])).toBeNull();
  });

  it('drops a person at once when their comment arrives, and keeps the list as it was when they were not shown', () => {
    const people = heardTyping(heardTyping([], CASEY, 0), LOGAN, 0);
    expect(describeTyping(stoppedTyping(people, CASEY.id))).toBe('Logan Lee is typing…');
    expect(stoppedTyping(people, DANA.id)).toBe(people);
    expect(stillTyping(people, 1)).toBe(people);
  });
});

describe('saying one is typing', () => {
  function signal() {
    let now = 0;
    let sent = 0;
    const typed = typingSignal(
      () => sent++,
      () => now,
    );
    return { typed, sent: () => sent, at: (ms: number) => void (now = ms) };
  }

  it('says so at the first change, then at most every TYPING_EVERY_MS while the text changes', () => {
    const { typed, sent, at } = signal();
    typed('H');
    expect(sent()).toBe(1);
    at(TYPING_EVERY_MS - 1);
    typed('Hi');
    expect(sent()).toBe(1);
    at(TYPING_EVERY_MS);
    typed('Hi');
    expect(sent()).toBe(1); // the same text: nothing was typed
    typed('Hi!');
    expect(sent()).toBe(2);
  });

  it('says nothing when the box is emptied or holds only white space, and tells the next word at once', () => {
    const { typed, sent, at } = signal();
    typed(' ');
    at(TYPING_EVERY_MS);
    typed('');
    expect(sent()).toBe(0);
    typed('Done');
    expect(sent()).toBe(1);
    at(TYPING_EVERY_MS + 1);
    typed(''); // posted: the box empties
    typed('N');
    expect(sent()).toBe(2);
  });
});
