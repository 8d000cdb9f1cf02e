import type { TUnseenChange } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../../../../test/clock';
import { indexChanges } from '../unseen/unseen-model';
import { emptyForm, newMethod } from './form-state';
import { formStops } from './unseen-stops';

const TODAY = new Date('2026-11-20T12:00:00Z');
const METHOD_ID = 5;

/** Someone else's change of one field of the method. */
const changeOf = (id: number, field: string): TUnseenChange => ({
  id,
  entity: 'method',
  rowId: METHOD_ID,
  operation: 'updated',
  fields: { [field]: { old: null, new: 'x' } },
  actor: { id: 2, name: 'Ada' },
  viaToken: null,
  at: '2026-11-20T11:00:00.000Z',
});

describe('the way through a method\'s unseen changes in the form', () => {
  // The change was an hour before the form's day, whatever day the test runs.
  beforeEach(() => setClock(TODAY.getTime()));

  it('stops at every marked field in the order the editor shows them, and not at the COO checkbox, which has no mark', () => {
    const form = { ...emptyForm(TODAY), methods: [{ ...newMethod(1, TODAY), id: METHOD_ID, version: 3 }] };
    const changes = [changeOf(11, 'activities'), changeOf(12, 'l2Owner'), changeOf(13, 'forCooTracking'), changeOf(14, 'linkedMethodId'), changeOf(15, 'description')];
    const opened: string[] = [];

    const stops = formStops(1, form, indexChanges(changes), { tab: (tab) => opened.push(tab), method: () => opened.push('method') });

    expect(stops.map((stop) => stop.changeId)).toEqual([15, 14, 12, 11]);
    stops[0]!.open();
    expect(opened).toEqual(['methods', 'method']);
  });
});
