import type { TEntityChangedEvent, TV2momComplete } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildChangedEvent, buildMethod, buildV2mom } from '../../../../../test/builders';
import { addChange, describeChange, describeChanges, isChangeUnderneath, loadedVersions, namesOf } from './changes-underneath';
import { formFromDocument } from './form-state';

const VIEWER = 4;
const AVERY = { id: 1, name: 'Avery Admin' };

const document: TV2momComplete = {
  ...buildV2mom({ id: 10, title: 'Brand Engine', version: 3 }),
  methods: [buildMethod({ id: 100, v2momId: 10, description: 'Launch the podcast', version: 2 })],
  obstacles: [],
  values: [{ id: 50, version: 1, v2momId: 10, description: 'Speed', order: 0, updatedAt: '2026-01-10T09:00:00.000Z', updatedBy: null }],
  measures: [],
};
const loaded = loadedVersions(document);
const form = formFromDocument(document);

const change = (overrides: Parameters<typeof buildChangedEvent>[0] & { version: number }): TEntityChangedEvent =>
  buildChangedEvent({ departments: [], actor: AVERY, ...overrides });

describe('changes underneath the form', () => {
  it('counts someone else’s newer version of a row the form edits', () => {
    expect(isChangeUnderneath(change({ entity: 'method', id: 100, version: 3 }), 10, loaded, VIEWER)).toBe(true);
    expect(isChangeUnderneath(change({ entity: 'v2mom', id: 10, version: 4 }), 10, loaded, VIEWER)).toBe(true);
    expect(isChangeUnderneath(change({ entity: 'method', id: 101, version: 1, operation: 'created' }), 10, loaded, VIEWER)).toBe(true);
    expect(isChangeUnderneath(change({ entity: 'value', id: 50, version: 1, operation: 'deleted' }), 10, loaded, VIEWER)).toBe(true);
  });

  it('ignores the viewer’s own saves, versions already loaded, other V2MOMs and rows the form does not edit', () => {
    expect(isChangeUnderneath(change({ entity: 'method', id: 100, version: 3, actor: { id: VIEWER, name: 'Me' } }), 10, loaded, VIEWER)).toBe(false);
    expect(isChangeUnderneath(change({ entity: 'method', id: 100, version: 2 }), 10, loaded, VIEWER)).toBe(false);
    expect(isChangeUnderneath(change({ entity: 'method', id: 100, version: 3, v2momId: 11 }), 10, loaded, VIEWER)).toBe(false);
    expect(isChangeUnderneath(change({ entity: 'measure', id: 7, version: 5 }), 10, loaded, VIEWER)).toBe(false);
    expect(isChangeUnderneath(change({ entity: 'method', id: 999, version: 2, operation: 'deleted' }), 10, loaded, VIEWER)).toBe(false);
  });

  it('keeps one line per row, the latest change winning', () => {
    const first = change({ entity: 'method', id: 100, version: 3 });
    const second = change({ entity: 'value', id: 50, version: 2 });
    const third = change({ entity: 'method', id: 100, version: 4, operation: 'deleted' });
    expect(addChange(addChange(addChange([], first), second), third)).toEqual([third, second]);
  });

  it('says what changed, naming the item as the form shows it', () => {
    expect(describeChange(form, change({ entity: 'method', id: 100, version: 3 }))).toBe('Updated the method “Launch the podcast”');
    expect(describeChange(form, change({ entity: 'value', id: 50, version: 2, operation: 'deleted' }))).toBe('Deleted the value “Speed”');
    expect(describeChange(form, change({ entity: 'obstacle', id: 9, version: 1, operation: 'created' }))).toBe('Added an obstacle');
  });

  it('names the V2MOM fields someone changed, once the new document is in', () => {
    const retitled = change({ entity: 'v2mom', id: 10, version: 4 });
    const after = { ...document, version: 4, title: 'New title', vision: 'New vision' };
    expect(describeChanges([retitled], { form, before: document, after })).toEqual(['Changed the title and vision']);
    // Not refetched yet, or only the version moved (a child was saved): no line of its own.
    expect(describeChanges([retitled], { form, before: document, after: document })).toEqual(['Saved changes to this V2MOM']);
    const childSave = [retitled, change({ entity: 'method', id: 100, version: 3 })];
    expect(describeChanges(childSave, { form, before: document, after: { ...document, version: 4 } })).toEqual([
      'Updated the method “Launch the podcast”',
    ]);
    expect(describeChanges([{ ...retitled, operation: 'deleted' }], { form, before: document, after: null })).toEqual(['Deleted this V2MOM']);
  });

  it('names who changed it', () => {
    const by = (name: string, id: number) => change({ entity: 'v2mom', id: 10, version: 4, actor: { id, name } });
    expect(namesOf([by('Avery Admin', 1)])).toBe('Avery Admin');
    expect(namesOf([by('Avery Admin', 1), by('Avery Admin', 1), by('Casey Chen', 2)])).toBe('Avery Admin and Casey Chen');
    expect(namesOf([by('A', 1), by('B', 2), by('C', 3)])).toBe('A, B and C');
  });
});
