import { describe, expect, it } from 'vitest';
import { hasVisibleCharacter, TRUNCATE_AT, truncate, underscoresToSpaces, withLineFeeds } from './text.js';

describe('truncate', () => {
  it.each([
    ['badge', TRUNCATE_AT.badge],
    ['obstacle method selector', TRUNCATE_AT.obstacleMethodSelector],
    ['team obstacle text', TRUNCATE_AT.teamObstacleText],
  ])('%s: keeps exactly %d characters, cuts one more with an ellipsis', (_name, limit) => {
    const exact = 'x'.repeat(limit);
    expect(truncate(exact, limit)).toBe(exact);
    expect(truncate(`${exact}y`, limit)).toBe(`${exact}...`);
  });

  it('uses the truncation limits', () => {
    expect(TRUNCATE_AT).toEqual({ badge: 20, obstacleMethodSelector: 30, teamObstacleText: 50 });
  });

  it('never splits an emoji', () => {
    expect(truncate('ab🎯cd', 3)).toBe('ab🎯...');
  });

  it('leaves short and empty text alone', () => {
    expect(truncate('', 20)).toBe('');
    expect(truncate('Grow revenue', 20)).toBe('Grow revenue');
  });
});

describe('underscoresToSpaces', () => {
  it('shows status codes as words', () => {
    expect(underscoresToSpaces('not_started')).toBe('not started');
    expect(underscoresToSpaces('on_track')).toBe('on track');
  });
});

describe('hasVisibleCharacter', () => {
  it('is false for text that draws nothing', () => {
    for (const text of ['', ' \t\n', '\u200b', '\u200d', '\u2060', '\ufeff', '\u00a0', '\u3164', '\u2800', '\u0301']) {
      expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('is true once one character shows', () => {
    for (const text of ['a', '\u200b.', 'é', '🚀', '中', 'ـ']) expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(true);
  });
});

describe('withLineFeeds', () => {
  it('turns CR LF and a lone CR into LF, and leaves LF alone', () => {
    expect(withLineFeeds('a\r\nb\rc\nd\r\n\r\ne')).toBe('a\nb\nc\nd\n\ne');
  });
});
