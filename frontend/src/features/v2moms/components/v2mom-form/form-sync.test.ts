import type { TV2momComplete } from '@v2mom/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentFixture, method } from './document-fixture';
import { formFromDocument, newValue, updateMethod, type V2momFormState } from './form-state';
import { changedFields, dropRemoved, fieldValue, hasEdits, HEADER_KEY, isShownInline, openConflicts, syncForm, takeTheirs } from './form-sync';

const LATER = '2025-11-21T08:30:00.000Z';
const admin = { id: 1, name: 'Avery Admin', active: true };

/** The fixture as someone else saved it: versions up, their name and time on what they touched. */
function theirDocument(change: (document: TV2momComplete) => TV2momComplete): TV2momComplete {
  const changed = change(structuredClone(documentFixture));
  return { ...changed, version: changed.version + 1, updatedBy: admin, lastUpdated: LATER };
}

const base = () => formFromDocument(documentFixture);

describe('syncForm: a newer document into the open form', () => {
  it('puts their value into a field the user has not touched, and says who', () => {
    const mine = { ...base(), vision: 'My vision' };
    const next = theirDocument((document) => ({
      ...document,
      values: document.values.map((value) => (value.id === 12 ? { ...value, version: 3, description: 'Candour', updatedBy: admin, updatedAt: LATER } : value)),
    }));
    const result = syncForm(mine, base(), next);
    expect(result.form.vision).toBe('My vision');
    expect(result.form.values[1]).toMatchObject({ description: 'Candour', version: 3 });
    expect(result.form.version).toBe(next.version);
    expect(result.conflicts).toEqual([]);
    expect(result.landed).toEqual([{ itemKey: 'value-12', field: 'description', name: 'Avery Admin' }]);
  });

  it('makes a field both changed to different values a conflict with their value, name and time, keeping mine', () => {
    const mine = updateMethod(base(), 'method-21', { measure: 'Mine' });
    const next = theirDocument((document) => ({
      ...document,
      methods: document.methods.map((row) => (row.id === 21 ? { ...row, version: 4, measure: 'Theirs', updatedBy: admin, updatedAt: LATER } : row)),
    }));
    const result = syncForm(mine, base(), next);
    expect(result.form.methods[0]).toMatchObject({ measure: 'Mine', version: 4 });
    expect(result.conflicts).toEqual([{ itemKey: 'method-21', field: 'measure', theirs: 'Theirs', name: 'Avery Admin', at: LATER }]);
    expect(takeTheirs(result.form, result.conflicts[0]!).methods[0]?.measure).toBe('Theirs');
  });

  it('names who changed the field from the server’s report when the newer document is the user’s own save', () => {
    const member = { id: 5, name: 'Morgan Diaz', active: true };
    const mine = { ...base(), vision: 'My vision' };
    // The save stored nothing of the user's vision, but its row now names the user as last editor.
    const saved = { ...theirDocument((document) => ({ ...document, vision: 'Admin vision' })), updatedBy: member };
    const reported = [{ entity: 'v2mom' as const, id: 1, field: 'vision', yours: 'My vision', theirs: 'Admin vision', changedBy: admin, changedAt: LATER }];
    expect(syncForm(mine, base(), saved).conflicts[0]).toMatchObject({ name: 'Morgan Diaz' });
    expect(syncForm(mine, base(), saved, reported).conflicts).toEqual([
      { itemKey: HEADER_KEY, field: 'vision', theirs: 'Admin vision', name: 'Avery Admin', at: LATER },
    ]);
  });

  it('follows their move of the V2MOM in the cascade (level, department, aligned to) unless the user moved it too', () => {
    const aligned = { id: 9, title: 'Marketing plan' };
    const next = theirDocument((document) => ({ ...document, level: 'team', department: { id: 3, name: 'Demand' }, parent: aligned }));
    const followed = syncForm(base(), base(), next);
    expect(followed.form).toMatchObject({ level: 'team', departmentId: 3, parent: aligned });
    expect(followed.landed.map((change) => change.field).sort()).toEqual(['departmentId', 'level', 'parent']);

    const mine = { ...base(), parent: { id: 8, title: 'Sales plan' } };
    const both = syncForm(mine, base(), next);
    expect(both.form.parent).toEqual({ id: 8, title: 'Sales plan' });
    expect(both.conflicts).toEqual([expect.objectContaining({ itemKey: HEADER_KEY, field: 'parent', theirs: aligned })]);
    // Once synced, the same parent read again (another object) is no change of the user's.
    expect(changedFields(followed.form, formFromDocument(next))).toEqual([]);
  });

  it('is no conflict when both wrote the same value', () => {
    const mine = { ...base(), vision: 'Same' };
    const result = syncForm(mine, base(), theirDocument((document) => ({ ...document, vision: 'Same' })));
    expect(result.conflicts).toEqual([]);
    expect(result.form.vision).toBe('Same');
  });

  it('adds items others added, keeps the user’s new ones, and drops items others deleted, saying so when the user had changed them', () => {
    const added = newValue();
    const mine: V2momFormState = {
      ...base(),
      values: [...base().values, { ...added, description: 'Mine, unsaved' }],
      obstacles: base().obstacles.map((obstacle) => ({ ...obstacle, description: 'My edit' })),
    };
    const next = theirDocument((document) => ({
      ...document,
      values: [...document.values, { id: 13, version: 1, v2momId: 1, description: 'Theirs, new', order: 2, updatedAt: LATER, updatedBy: admin }],
      methods: document.methods.filter((row) => row.id !== 22),
      obstacles: [],
    }));
    const result = syncForm(mine, base(), next);
    expect(result.form.values.map((value) => value.description)).toEqual(['Focus', 'Trust', 'Mine, unsaved', 'Theirs, new']);
    expect(result.form.methods.map((row) => row.id)).toEqual([21]);
    // The obstacle the user changed stays until the user has read the notice.
    expect(result.removed).toEqual([{ list: 'obstacles', key: 'obstacle-31', text: 'My edit', name: 'Avery Admin' }]);
    expect(result.form.obstacles.map((obstacle) => obstacle.description)).toEqual(['My edit']);
    expect(dropRemoved(result.form, result.removed).obstacles).toEqual([]);
  });

  it('keeps a conflict the newer document did not settle, and drops one whose field now holds their value', () => {
    const mine = { ...base(), vision: 'Mine' };
    const first = syncForm(mine, base(), theirDocument((document) => ({ ...document, vision: 'Theirs' })));
    const [conflict] = first.conflicts;
    expect(openConflicts([], first.conflicts, first.form)).toEqual([conflict]);
    expect(openConflicts(first.conflicts, [], first.form)).toEqual([conflict]);
    expect(openConflicts(first.conflicts, [], takeTheirs(first.form, conflict!))).toEqual([]);
  });
});

// Every field of the document as a three-way choice: untouched by both, by one, or by both.
const textFields = ['vision', 'title'] as const;
const choice = fc.constantFrom('none', 'mine', 'theirs', 'both-same', 'both-different');

describe('syncForm, property style', () => {
  it('never loses a change: each field ends as mine, theirs, or a conflict holding theirs', () => {
    fc.assert(
      fc.property(fc.record({ vision: choice, title: choice }), (choices) => {
        let mine = base();
        let next = structuredClone(documentFixture);
        for (const field of textFields) {
          const how = choices[field];
          if (how === 'mine' || how === 'both-same' || how === 'both-different') mine = { ...mine, [field]: `${field} mine` };
          if (how === 'theirs' || how === 'both-same') next = { ...next, [field]: `${field} mine` };
          if (how === 'both-different') next = { ...next, [field]: `${field} theirs` };
          if (how === 'theirs') next = { ...next, [field]: `${field} theirs` };
        }
        next = { ...next, version: next.version + 1 };
        const result = syncForm(mine, base(), next);
        for (const field of textFields) {
          const place = { itemKey: HEADER_KEY, field };
          const conflict = result.conflicts.find((open) => open.field === field);
          const how = choices[field];
          expect(fieldValue(result.form, place)).toBe(how === 'none' ? documentFixture[field] : how === 'theirs' ? `${field} theirs` : `${field} mine`);
          expect(conflict?.theirs).toBe(how === 'both-different' ? `${field} theirs` : undefined);
        }
      }),
    );
  });

  it('syncing onto the same document changes nothing', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (vision, measure) => {
        const mine = updateMethod({ ...base(), vision }, 'method-22', { measure });
        const result = syncForm(mine, base(), documentFixture);
        expect(result.form).toEqual(mine);
        expect(result.conflicts).toEqual([]);
        expect(result.landed).toEqual([]);
      }),
    );
  });
});

describe('where a conflict is shown', () => {
  it('beside the text fields that have a place for it, and in the list above the tabs for the rest', () => {
    expect(isShownInline(base(), { itemKey: HEADER_KEY, field: 'vision' })).toBe(true);
    expect(isShownInline(base(), { itemKey: 'method-21', field: 'measure' })).toBe(true);
    expect(isShownInline(base(), { itemKey: 'method-21', field: 'status' })).toBe(false);
    expect(isShownInline(base(), { itemKey: HEADER_KEY, field: 'quarter' })).toBe(false);
    expect(isShownInline(base(), { itemKey: 'value-99', field: 'description' })).toBe(false);
  });
});

describe('what the user changed', () => {
  it('lists changed fields and counts added or removed items as edits', () => {
    expect(hasEdits(base(), base())).toBe(false);
    expect(changedFields(updateMethod(base(), 'method-21', { measure: 'x' }), base())).toEqual([{ itemKey: 'method-21', field: 'measure' }]);
    expect(hasEdits({ ...base(), values: [] }, base())).toBe(true);
  });

  it('ignores versions', () => {
    const next = formFromDocument({ ...documentFixture, version: 9, methods: [method(21, 0, { version: 8, linkedValues: [12], measure: 'NPS' }), documentFixture.methods[1]!] });
    expect(hasEdits(next, base())).toBe(false);
  });
});
