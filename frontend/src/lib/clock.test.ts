import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../test/clock';
import { clock, followServerClock } from './clock';

const OWN_NOW = '2026-12-01T12:00:00.000Z';
const ownMs = Date.parse(OWN_NOW);

describe("the browser's clock", () => {
  beforeEach(() => setClock(OWN_NOW));
  afterEach(() => followServerClock(null, 0, 0));

  it("is the browser's own clock while no answer names the server's", () => {
    expect(clock.now().toISOString()).toBe(OWN_NOW);
    expect(clock.millis()).toBe(ownMs);
  });

  it("runs at the server's offset once an answer names its clock, read at the middle of the round trip", () => {
    // Sent 400 ms ago, answered now: the server read its clock 200 ms ago.
    followServerClock(String(Date.parse('2027-01-25T09:00:00.000Z')), ownMs - 400, ownMs);
    expect(clock.now().toISOString()).toBe('2027-01-25T09:00:00.200Z');

    vi.setSystemTime(ownMs + 60_000);
    expect(clock.now().toISOString()).toBe('2027-01-25T09:01:00.200Z');
  });

  it('goes back to its own clock when an answer does not name one, or names something else', () => {
    followServerClock(String(Date.parse('2027-01-25T09:00:00.000Z')), ownMs, ownMs);
    followServerClock(null, ownMs, ownMs);
    expect(clock.now().toISOString()).toBe(OWN_NOW);

    followServerClock(String(Date.parse('2027-01-25T09:00:00.000Z')), ownMs, ownMs);
    followServerClock('tomorrow', ownMs, ownMs);
    expect(clock.now().toISOString()).toBe(OWN_NOW);
  });
});
