import { defineConfig } from 'vitest/config';

// Resolve @v2mom/contracts from its TypeScript source, so tests never need a contracts build.
// The rest is Vite's default server list; adding 'import' would hand CommonJS packages (pg) ESM twins.
const conditions = ['source', 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/documented-answers.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // One file per core: each file has a database of its own, and much of a file's time is spent
    // waiting on PostgreSQL. Vitest's default leaves a core free, which on two cores runs one file
    // at a time (docs/PERFORMANCE.md, "The test suites").
    maxWorkers: '100%',
  },
});
