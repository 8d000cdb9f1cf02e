import { describe, expect, it } from 'vitest';
import { documentFixture } from './document-fixture';
import { draftKey, dropDraft, readDraft, writeDraft } from './form-draft';
import { formFromDocument, toDocument } from './form-state';

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

  it('restores a draft a browser kept before, and saves it', () => {
    const method = {
      key: 'method-new-abc-1',
      description: 'Typed before',
      dueDate: '2025-11-20',
      ownerId: 7,
      progress: 0,
      status: 'not_started',
      measure: '',
      ...Object.fromEntries(['q1', 'q2', 'q3', 'q4'].flatMap((quarter) => [[`${quarter}Measure`, ''], [`${quarter}Goal`, '']])),
      update: '',
      currentMeasure: '',
      activities: 'Workshops ',
      linkedValueKeys: [],
      linkedMethodId: null,
      l2Owner: null,
      forCooTracking: false,
    };
    const base = formFromDocument(documentFixture);
    const form = { ...base, methods: [...base.methods, method] };
    window.localStorage.setItem(draftKey(7, 3), JSON.stringify({ form, base, savedAt: '2025-11-21T08:30:00.000Z' }));
    const restored = readDraft(window.localStorage, draftKey(7, 3));
    expect(toDocument(restored!.form, 7).methods[2]).toMatchObject({ description: 'Typed before', activities: 'Workshops', l2Owner: null, update: null });
  });
});
