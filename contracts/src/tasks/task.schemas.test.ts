import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ZCreateTaskSchema, ZUpdateTaskSchema } from './task.schemas.js';

describe('task bodies', () => {
  it('shows the task messages for a blank task', () => {
    const result = ZCreateTaskSchema.safeParse({ title: ' ', description: '' });
    expect(result.success).toBe(false);
    expect(z.flattenError(result.error!).fieldErrors).toEqual({
      title: ['Title is required'],
      description: ['Description is required'],
      ownerId: ['Owner is required'],
    });
  });

  it('links a method optionally', () => {
    const task = { title: 'Draft deck', description: 'For the QBR', ownerId: 3 };
    expect(ZCreateTaskSchema.parse(task)).toEqual(task);
    expect(ZCreateTaskSchema.parse({ ...task, methodId: 9 }).methodId).toBe(9);
    expect(ZCreateTaskSchema.parse({ ...task, methodId: null }).methodId).toBeNull();
  });

  it('patches updates and status, with or without a version', () => {
    expect(ZUpdateTaskSchema.safeParse({ version: 1, updates: 'Half done', status: 'in_progress' }).success).toBe(true);
    expect(ZUpdateTaskSchema.safeParse({ updates: 'x' }).success).toBe(true);
    expect(ZUpdateTaskSchema.safeParse({ version: 1 }).success).toBe(false);
  });
});
