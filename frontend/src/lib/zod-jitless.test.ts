import { describe, expect, it } from 'vitest';
import { config } from 'zod';
import './zod-jitless';

describe('zod-jitless', () => {
  it('switches zod to parsing without compiled code, which the CSP forbids', () => {
    expect(config().jitless).toBe(true);
  });
});
