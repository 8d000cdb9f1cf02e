import { assignableUsers, userOptionLabel, written } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { personName, personSentence } from './person-name';

describe('personName', () => {
  it('names an active person as they are', () => {
    expect(personName({ name: 'Dana Lee', active: true })).toBe('Dana Lee');
  });

  it("marks a deactivated person '(inactive)'", () => {
    expect(personName({ name: 'Dana Lee', active: false })).toBe('Dana Lee (inactive)');
  });

  it('says who is missing when there is nobody', () => {
    expect(personName(null)).toBe('Unassigned');
    expect(personName(undefined, 'Someone else')).toBe('Someone else');
  });
});

describe('personSentence', () => {
  it('sets the name apart as written, with the inactive mark outside it', () => {
    expect(personSentence({ name: 'Dana Lee', active: true })).toEqual([written('Dana Lee')]);
    expect(personSentence({ name: 'Dana Lee', active: false })).toEqual([written('Dana Lee'), ' (inactive)']);
    expect(personSentence(null, 'Someone else')).toEqual(['Someone else']);
  });
});

describe('owner selects', () => {
  const people = [
    { id: 1, name: 'Dana Lee', active: true, department: 'Marketing' },
    { id: 2, name: 'Omar Haddad', active: false, department: 'COO Ops' },
  ];

  it('label a deactivated person as inactive', () => {
    expect(people.map(userOptionLabel)).toEqual(['Dana Lee (Marketing)', 'Omar Haddad (inactive) (COO Ops)']);
  });

  it('offer only active people, and the current owner even when deactivated', () => {
    expect(assignableUsers(people).map((person) => person.id)).toEqual([1]);
    expect(assignableUsers(people, 2).map((person) => person.id)).toEqual([1, 2]);
  });
});
