import { describe, expect, it } from 'vitest';
import { documentFixture } from './document-fixture';
import { draftKey, dropDraft, readDraft, writeDraft } from './form-draft';
import { formFromDocument } from './form-state';

describe('the local draft', () => {
  it('is kept per user and V2MOM, read back whole, and dropped', () => {
    const base = formFromDocument(documentFixture);
    const draft = { form: { ...base, vision: 'Typed' }, base, savedAt: '2025-11-21T08:30:00.000Z' };
    writeDraft(window.localStorage, draftKey(7, 1), draft);
    expect(readDraft(window.localStorage, draftKey(7, 1))).toEqual(draft);
    expect(readDraft(window.localStorage, draftKey(8, 1))).toBeNull();
    expect(readDraft(window.localStorage, draftKey(7, null))).toBeNull();
    dropDraft(window.localStorage, draftKey(7, 1));
    expect(readDraft(window.localStorage, draftKey(7, 1))).toBeNull();
  });

  it('reads nothing from a damaged or foreign entry instead of failing', () => {
    window.localStorage.setItem(draftKey(7, 2), '{not json');
    expect(readDraft(window.localStorage, draftKey(7, 2))).toBeNull();
    window.localStorage.setItem(draftKey(7, 2), JSON.stringify({ form: { vision: 'x' }, base: null, savedAt: 'now' }));
    expect(readDraft(window.localStorage, draftKey(7, 2))).toBeNull();
  });
});
