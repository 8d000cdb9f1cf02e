import { describe, expect, it } from 'vitest';
import { conflictMessage } from './conflict.rules.js';
import { ZConflictBodySchema } from './conflict.schemas.js';

describe('409 conflict body', () => {
  const body = {
    message: 'Avery Admin changed this V2MOM after you opened it. Reload to see their changes.',
    code: 'conflict',
    conflict: {
      entity: 'v2mom',
      id: 3,
      version: 8,
      updatedBy: { id: 1, name: 'Avery Admin', active: true },
      updatedAt: '2025-03-01T10:00:00.000Z',
    },
  };

  it('says who changed what', () => {
    expect(ZConflictBodySchema.parse(body).conflict.updatedBy?.name).toBe('Avery Admin');
    expect(conflictMessage({ entity: 'v2mom', updatedBy: { id: 1, name: 'Avery Admin', active: true } })).toBe(body.message);
  });

  it('copes with an unknown last writer', () => {
    expect(conflictMessage({ entity: 'method', updatedBy: null })).toMatch(/^Someone else changed this method/);
  });
});
