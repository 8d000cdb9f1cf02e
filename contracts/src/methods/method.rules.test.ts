import { describe, expect, it } from 'vitest';
import { L2_OWNERS } from './l2-owners.js';
import { canLinkAnotherValue, isSelfLink, newMethodDefaults } from './method.rules.js';

describe('method rules', () => {
  it('allows a third linked value but not a fourth', () => {
    expect(canLinkAnotherValue([1, 2])).toBe(true);
    expect(canLinkAnotherValue([1, 2, 3])).toBe(false);
  });

  it('spots a method linked to itself', () => {
    expect(isSelfLink(4, 4)).toBe(true);
    expect(isSelfLink(4, 5)).toBe(false);
    expect(isSelfLink(undefined, undefined)).toBe(false);
  });

  it('defaults a new method to today, the signed-in user, 0 and not started', () => {
    expect(newMethodDefaults(new Date(2025, 0, 5), 7)).toEqual({
      dueDate: '2025-01-05',
      ownerId: 7,
      progress: 0,
      status: 'not_started',
    });
  });

  it('offers 20 distinct L2 owners', () => {
    expect(new Set(L2_OWNERS).size).toBe(20);
  });
});
