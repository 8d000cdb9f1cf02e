import { buildUser } from '../../../../../test/builders';
import { describe, expect, it } from 'vitest';
import { theirValueText } from './conflict-value';
import { documentFixture } from './document-fixture';
import { formFromDocument } from './form-state';
import { HEADER_KEY, type FieldConflict } from './form-sync';

const form = formFromDocument(documentFixture);
const people = new Map([7, 8].map((id, index) => [id, buildUser({ id, name: ['Avery Admin', 'Jordan Lead'][index]! })]));
const departments = new Map([[3, { name: 'Marketing' }]]);
const conflict = (field: string, theirs: unknown): FieldConflict => ({ itemKey: 'method-22', field, theirs, name: 'Avery Admin', at: documentFixture.lastUpdated });

describe('theirValueText: the other person’s value as the user reads it', () => {
  it('names the owner rather than showing the id', () => {
    expect(theirValueText(conflict('ownerId', 8), { form, people, departments })).toBe('Jordan Lead');
    expect(theirValueText(conflict('ownerId', null), { form, people, departments })).toBe('(none)');
  });

  it('names linked values and methods by their text rather than keys or ids', () => {
    expect(theirValueText(conflict('linkedValueKeys', ['value-11', 'value-12']), { form, people, departments })).toBe('Focus, Trust');
    expect(theirValueText(conflict('linkedValueKeys', []), { form, people, departments })).toBe('(none)');
    expect(theirValueText({ ...conflict('linkedMethodKeys', ['method-21']), itemKey: 'obstacle-31' }, { form, people, departments })).toBe('Method 21');
    expect(theirValueText(conflict('linkedMethodId', 21), { form, people, departments })).toBe('Method 21');
  });

  it('names where the V2MOM sits in the cascade: its level, department and the V2MOM it is aligned to', () => {
    const header = (field: string, theirs: unknown): FieldConflict => ({ ...conflict(field, theirs), itemKey: HEADER_KEY });
    expect(theirValueText(header('level', 'team'), { form, people, departments })).toBe('Team');
    expect(theirValueText(header('departmentId', 3), { form, people, departments })).toBe('Marketing');
    expect(theirValueText(header('departmentId', 4), { form, people, departments })).toBe('(a department no longer listed)');
    expect(theirValueText(header('parent', { id: 9, title: 'Company plan' }), { form, people, departments })).toBe('Company plan');
    expect(theirValueText(header('parent', null), { form, people, departments })).toBe('Not aligned');
  });

  it('says when a linked item is gone, and falls back to its place when it has no text', () => {
    const untitled = { ...form, methods: form.methods.map((method) => (method.id === 21 ? { ...method, description: ' ' } : method)) };
    expect(theirValueText(conflict('linkedMethodId', 21), { form: untitled, people, departments })).toBe('Method 1');
    expect(theirValueText(conflict('linkedValueKeys', ['value-99']), { form, people, departments })).toBe('(a deleted value)');
  });

  it('shows other fields as they are', () => {
    expect(theirValueText(conflict('measure', 'Churn under 2%'), { form, people, departments })).toBe('Churn under 2%');
    expect(theirValueText(conflict('measure', ''))).toBe('(empty)');
  });

  it('shows a status as its badge reads, the V2MOM’s or a method’s', () => {
    expect(theirValueText({ ...conflict('status', 'at_risk'), itemKey: 'v2mom' })).toBe('At Risk');
    expect(theirValueText(conflict('status', 'in_progress'))).toBe('In Progress');
  });
});
