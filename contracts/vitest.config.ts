import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Pure functions with no shared state: reusing workers saves seconds per run.
  test: { include: ['src/**/*.test.ts'], isolate: false },
});
