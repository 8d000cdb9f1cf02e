import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.js';

describe('initialsOf', () => {
  it('takes the first and last word', () => {
    expect(initialsOf('Avery Admin')).toBe('AA');
    expect(initialsOf('Mary Ann van Dyke')).toBe('MD');
    expect(initialsOf('  madonna ')).toBe('M');
  });

  it("falls back to the default name 'User'", () => {
    expect(initialsOf('')).toBe('U');
    expect(initialsOf(null)).toBe('U');
  });
});
