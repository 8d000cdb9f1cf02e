import { describe, expect, it } from 'vitest';
import { entities } from './entities.js';
import { FLUSH_STEPS } from './write-effects.js';

describe('the flush steps', () => {
  it('name only entities the model has, so a renamed entity cannot leave a step declared on nothing', () => {
    const classNames = new Set(entities.map((entity) => (entity as { name: string }).name));
    const named = FLUSH_STEPS.flatMap((step) => step.does.flatMap((what) => what.on));
    expect(named.filter((name) => !classNames.has(name))).toEqual([]);
    expect(named).toContain('Method');
  });
});
