import { afterEach, expect } from 'vitest';
import { takeUndocumentedAnswers } from './documented-answers.js';

/** Fails the test whose requests got an answer the OpenAPI document does not describe. */
afterEach(() => {
  expect(takeUndocumentedAnswers(), 'answers that differ from the OpenAPI document').toEqual([]);
});
