import { METHOD_FIELD_NAMES } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { addObstacle, canRemoveObstacle, emptyDraft, hasRequiredFields, removeObstacle, toCreateMethodInput } from './add-method-state';

describe('Add Method form state', () => {
  it('keeps at least one obstacle row and gives new rows their own key', () => {
    const one = emptyDraft(7).obstacles;
    expect(canRemoveObstacle(one)).toBe(false);
    expect(removeObstacle(one, one[0]!.key)).toHaveLength(1);
    const three = addObstacle(addObstacle(one));
    expect(new Set(three.map((row) => row.key)).size).toBe(3);
    expect(removeObstacle(three, three[1]!.key).map((row) => row.key)).toEqual([three[0]!.key, three[2]!.key]);
    expect(addObstacle(removeObstacle(three, three[2]!.key)).at(-1)!.key).not.toBe(three[1]!.key);
  });

  it('needs a V2MOM and a non-blank description', () => {
    const draft = emptyDraft(7);
    expect(hasRequiredFields(draft)).toBe(false);
    expect(hasRequiredFields({ ...draft, v2momId: 3, description: '  ' })).toBe(false);
    expect(hasRequiredFields({ ...draft, v2momId: 3, description: 'Ship it' })).toBe(true);
  });

  it('sends the method as stored: trimmed texts, nulls for blanks, the new-method defaults; blank obstacles skipped', () => {
    const draft = {
      ...emptyDraft(7, new Date(2025, 10, 20)),
      v2momId: 3,
      description: ' Ship it ',
      linkedMethodId: 12,
      measure: ' 10 deals ',
      q1Measure: 'a',
      q2Measure: ' ',
      q4Measure: 'd',
      obstacles: [
        { key: 0, description: ' Budget ' },
        { key: 1, description: '   ' },
        { key: 2, description: 'People' },
      ],
      forCooTracking: true,
    };
    const body = toCreateMethodInput(draft);
    expect(Object.keys(body).sort()).toEqual(['v2momId', ...METHOD_FIELD_NAMES, 'obstacles'].sort());
    expect(body).toMatchObject({
      v2momId: 3,
      description: 'Ship it',
      dueDate: '2025-11-20',
      ownerId: 7,
      progress: 0,
      status: 'not_started',
      linkedMethodId: 12,
      measure: '10 deals',
      q1Measure: 'a',
      q2Measure: null,
      q3Measure: null,
      q4Measure: 'd',
      q1Goal: null,
      q2Goal: null,
      q3Goal: null,
      q4Goal: null,
      update: null,
      currentMeasure: null,
      activities: null,
      l2Owner: null,
      forCooTracking: true,
      obstacles: [{ description: 'Budget' }, { description: 'People' }],
    });
  });
});
