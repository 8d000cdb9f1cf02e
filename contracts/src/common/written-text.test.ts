import { describe, expect, it } from 'vitest';
import { isolated, sentenceText, written } from './written-text.js';

describe('a sentence as plain text', () => {
  it('sets each written part between isolate marks, its own words left as they are', () => {
    expect(sentenceText([written('\u202Eeel nagol'), ' commented on ', "'", written('Budget'), "'"])).toBe(
      "\u2068\u202Eeel nagol\u2069 commented on '\u2068Budget\u2069'",
    );
    expect(isolated('Dana Lee')).toBe('\u2068Dana Lee\u2069');
  });
});
