import { describe, expect, it } from 'vitest';
import { loginStateFor, returnPathOf } from './return-path';

describe('the path after signing in', () => {
  it('goes on to the page the visitor was sent away from, with its query and hash', () => {
    expect(returnPathOf(loginStateFor({ pathname: '/method/14', search: '?check-in', hash: '' }))).toBe('/method/14?check-in');
    expect(returnPathOf(loginStateFor({ pathname: '/v2mom/3', search: '?comment=9', hash: '#top' }))).toBe('/v2mom/3?comment=9#top');
  });

  it('goes to the dashboard without one, or with anything that is not a path of the app', () => {
    for (const state of [null, undefined, {}, { from: 7 }, { from: 'https://example.com/' }, { from: '//example.com/x' }, { from: '/login' }]) {
      expect(returnPathOf(state)).toBe('/dashboard');
    }
  });
});
