import {
  MAX_LINKED_VALUES,
  ZNewV2momDocumentSchema,
  ZV2momDocumentSchema,
} from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { documentFixture } from './document-fixture';
import {
  addObstacleForMethod,
  canEditMethodUpdate,
  describeDocumentIssue,
  emptyForm,
  formFromDocument,
  isSaved,
  linkableMethods,
  newMethod,
  newObstacle,
  newValue,
  removeMethod,
  removeObstacle,
  removeValue,
  toDocument,
  toggleLinkedValue,
  toggleObstacleMethod,
  toNewDocument,
  updateMethod,
  validateHeader,
  type V2momFormState,
} from './form-state';

const loaded = () => formFromDocument(documentFixture);

describe('document <-> form', () => {
  it('turns the saved document into form state with links by key', () => {
    const form = loaded();
    expect(form).toMatchObject({ title: 'Plan', year: '2025', quarter: 'q2', vision: 'Win', version: 5 });
    expect(form.values.map((value) => [value.id, value.version])).toEqual([
      [11, 1],
      [12, 2],
    ]);
    expect(form.methods[0]?.linkedValueKeys).toEqual([form.values[1]?.key]);
    expect(form.methods[0]?.measure).toBe('NPS');
    expect(form.methods[0]?.activities).toBe('');
    expect(form.obstacles[0]?.linkedMethodKeys).toEqual([form.methods[1]?.key]);
  });

  it('round-trips to a valid PUT document with ids, versions and positions', () => {
    const document = toDocument(loaded(), 7);
    expect(ZV2momDocumentSchema.safeParse(document).success).toBe(true);
    expect(document.version).toBe(5);
    expect(document.values).toEqual([
      { id: 11, version: 1, description: 'Focus' },
      { id: 12, version: 2, description: 'Trust' },
    ]);
    expect(document.methods[0]).toMatchObject({ id: 21, version: 3, linkedValuePositions: [1], measure: 'NPS', activities: null });
    expect(document.methods[1]).toMatchObject({ id: 22, linkedMethodId: 21 });
    expect(document.obstacles[0]).toEqual({ id: 31, version: 4, description: 'Budget', ownerId: 7, linkedMethodPositions: [1] });
  });

  it('saves texts trimmed and blank ones as null, the way every method editor saves them', () => {
    const form = updateMethod(loaded(), loaded().methods[0]!.key, { description: ' Ship it ', measure: ' NPS 40 ', activities: '  ', dueDate: '' });
    expect(toDocument(form, 7).methods[0]).toMatchObject({ description: 'Ship it', measure: 'NPS 40', activities: null, dueDate: null, l2Owner: null });
  });

  it("leaves out someone else's update, so it is kept as is", () => {
    const document = toDocument(loaded(), 7);
    expect(document.methods[0]).toHaveProperty('update', 'Latest');
    expect(document.methods[1]).not.toHaveProperty('update');
  });

  it('recomputes positions after reordering by removal and for new items', () => {
    let form = removeValue(loaded(), loaded().values[0]!.key);
    const value = newValue();
    form = { ...form, values: [...form.values, { ...value, description: 'Speed' }] };
    const result = toggleLinkedValue(form, form.methods[0]!.key, value.key);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const document = toDocument(result.state, 7);
    expect(document.values).toEqual([{ id: 12, version: 2, description: 'Trust' }, { description: 'Speed' }]);
    expect(document.methods[0]?.linkedValuePositions).toEqual([0, 1]);
  });

  it('builds a valid new document: no ids, blank title saved as Untitled V2MOM, no method links', () => {
    const now = new Date(2025, 10, 20);
    let form: V2momFormState = emptyForm(now);
    expect(form).toMatchObject({ title: '', year: '2025', quarter: 'q2', version: null });
    const value = { ...newValue(), description: 'Focus' };
    const m = { ...newMethod(7, now), description: 'Ship it', linkedMethodId: 99 };
    const obstacle = { ...newObstacle(7), description: 'Time' };
    form = { ...form, values: [value], methods: [m], obstacles: [obstacle] };
    const linked = toggleLinkedValue(form, m.key, value.key);
    if (!linked.ok) throw new Error('expected to link');
    form = toggleObstacleMethod(linked.state, obstacle.key, m.key);
    const document = toNewDocument(form, 7);
    expect(ZNewV2momDocumentSchema.safeParse(document).success).toBe(true);
    expect(document.title).toBe('Untitled V2MOM');
    expect(document.methods[0]).toMatchObject({ dueDate: '2025-11-20', ownerId: 7, progress: 0, status: 'not_started', linkedValuePositions: [0], linkedMethodId: null });
    expect(document.obstacles[0]?.linkedMethodPositions).toEqual([0]);
  });
});

describe('linking rules', () => {
  it('refuses a fourth linked value and allows unlinking', () => {
    let form = loaded();
    form = { ...form, values: [...form.values, newValue(), newValue(), newValue()] };
    const key = form.methods[0]!.key;
    for (const value of form.values.slice(2)) {
      const result = toggleLinkedValue(form, key, value.key);
      if (result.ok) form = result.state;
    }
    expect(form.methods[0]?.linkedValueKeys).toHaveLength(MAX_LINKED_VALUES);
    expect(toggleLinkedValue(form, key, form.values[0]!.key)).toEqual({ ok: false, reason: 'max-values' });
    const unlinked = toggleLinkedValue(form, key, form.values[1]!.key);
    expect(unlinked.ok && unlinked.state.methods[0]?.linkedValueKeys).toHaveLength(2);
  });

  it('offers method links only in edit mode, only saved methods, never the method itself', () => {
    const fresh = newMethod(7);
    const form = { ...loaded(), methods: [...loaded().methods, fresh] };
    const first = form.methods[0]!;
    expect(linkableMethods(form, first, 'edit').map((m) => m.id)).toEqual([22]);
    expect(linkableMethods(form, fresh, 'edit').map((m) => m.id)).toEqual([21, 22]);
    expect(linkableMethods(form, first, 'create')).toEqual([]);
  });

  it('lets only the method owner write its update', () => {
    expect(canEditMethodUpdate({ ownerId: 7 }, 7)).toBe(true);
    expect(canEditMethodUpdate({ ownerId: 8 }, 7)).toBe(false);
    expect(canEditMethodUpdate({ ownerId: null }, 7)).toBe(false);
  });
});

describe('an obstacle raised from a method', () => {
  it('is a new obstacle linked to that method, saved with the document', () => {
    const form = formFromDocument(documentFixture);
    const next = addObstacleForMethod(form, form.methods[1]!.key, 7);
    const added = next.obstacles.at(-1)!;
    expect(isSaved(added)).toBe(false);
    expect(added).toMatchObject({ description: '', ownerId: 7, linkedMethodKeys: [form.methods[1]!.key] });
    expect(next.obstacles.slice(0, -1)).toEqual(form.obstacles);
    const saved = toDocument({ ...next, obstacles: next.obstacles.map((o) => (o === added ? { ...o, description: 'Late data' } : o)) }, 7);
    expect(saved.obstacles.at(-1)).toMatchObject({ description: 'Late data', linkedMethodPositions: [1] });
  });
});

describe('removal', () => {
  it('tells saved items from unsaved ones', () => {
    expect(isSaved(loaded().values[0]!)).toBe(true);
    expect(isSaved(newValue())).toBe(false);
  });

  it('removing a value unlinks it from methods', () => {
    const form = removeValue(loaded(), loaded().values[1]!.key);
    expect(form.values).toHaveLength(1);
    expect(form.methods[0]?.linkedValueKeys).toEqual([]);
  });

  it('removing a method unlinks obstacles and methods linked to it; the save deletes it by leaving it out', () => {
    let form = removeMethod(loaded(), loaded().methods[0]!.key);
    expect(form.methods.map((m) => m.id)).toEqual([22]);
    expect(form.methods[0]?.linkedMethodId).toBeNull();
    form = removeMethod(form, form.methods[0]!.key);
    expect(form.obstacles[0]?.linkedMethodKeys).toEqual([]);
    const document = toDocument(form, 7);
    expect(document.methods).toEqual([]);
    expect(ZV2momDocumentSchema.safeParse(document).success).toBe(true);
  });

  it('removes an unsaved obstacle without touching the others', () => {
    const extra = newObstacle(7);
    const form = removeObstacle({ ...loaded(), obstacles: [...loaded().obstacles, extra] }, extra.key);
    expect(form.obstacles.map((o) => o.id)).toEqual([31]);
  });
});

describe('validation', () => {
  it('requires a title only for an existing V2MOM', () => {
    expect(validateHeader({ title: '  ', year: '2025' }, 'edit')).toEqual({ title: 'Title is required' });
    expect(validateHeader({ title: '', year: '2025' }, 'create')).toEqual({});
  });

  it.each(['', '1999', '2101', '20.5', 'abc'])('refuses the year %j', (year) => {
    expect(validateHeader({ title: 'Plan', year }, 'create')).toEqual({ year: 'Enter a valid year' });
  });

  it('names the item a schema issue is about and its tab', () => {
    const form = updateMethod(loaded(), loaded().methods[1]!.key, { description: ' ' });
    const result = ZV2momDocumentSchema.safeParse(toDocument(form, 7));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(describeDocumentIssue(result.error.issues[0]!)).toEqual({ tab: 'methods', message: 'Method 2: Description is required' });
  });
});
