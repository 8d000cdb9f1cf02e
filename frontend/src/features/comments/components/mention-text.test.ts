import { describe, expect, it } from 'vitest';
import { matchingPeople } from './mention-picker';
import { mentionsAsNames, namesAsMentions } from './mention-text';

const MORGAN = { id: 4, name: 'Morgan Diaz', active: true };
const MORGAN_SHORT = { id: 8, name: 'Morgan', active: true };
const CASEY = { id: 2, name: 'Casey Chen', active: true };
const ODD = { id: 9, name: 'Dr. (Ann) Lee+', active: true };
const PEOPLE = [MORGAN, MORGAN_SHORT, CASEY, ODD];

describe('mentions in the comment box', () => {
  it('shows each stored token as the person’s name, and a token of no one named as it is', () => {
    expect(mentionsAsNames('Can <@4> and <@2> confirm? cc <@77>', PEOPLE)).toBe('Can @Morgan Diaz and @Casey Chen confirm? cc <@77>');
  });

  it('sends each written name as its token, the longest name first, up to a letter or digit', () => {
    expect(namesAsMentions('Can @Morgan Diaz and @Morgan confirm?', PEOPLE)).toBe('Can <@4> and <@8> confirm?');
    expect(namesAsMentions('@Morgan Diazs is no one; (@Casey Chen) is', PEOPLE)).toBe('<@8> Diazs is no one; (<@2>) is');
    expect(namesAsMentions('ask @Dr. (Ann) Lee+ first', PEOPLE)).toBe('ask <@9> first');
    expect(namesAsMentions('mail morgan@example.com', PEOPLE)).toBe('mail morgan@example.com');
  });

  it('reads back what it showed: a stored text survives the box unchanged', () => {
    const stored = 'Thanks <@2>, **<@4>**: see `code` and <@9>.';
    expect(namesAsMentions(mentionsAsNames(stored, PEOPLE), PEOPLE)).toBe(stored);
  });

  it('means the first listed of two people with one name', () => {
    const twin = { id: 12, name: 'Casey Chen', active: true };
    expect(namesAsMentions('@Casey Chen', [twin, CASEY])).toBe('<@12>');
    expect(namesAsMentions('@Casey Chen', [CASEY, twin])).toBe('<@2>');
  });

  it('stops listing people once a whole name and a space are written', () => {
    expect(matchingPeople(PEOPLE, 'Morgan Diaz ')).toEqual([]);
    expect(matchingPeople(PEOPLE, 'Morgan ').map((person) => person.name)).toEqual([]);
    expect(matchingPeople(PEOPLE, 'Morgan D').map((person) => person.name)).toEqual(['Morgan Diaz']);
  });
});
