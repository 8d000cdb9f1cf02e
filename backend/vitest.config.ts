import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Resolve @v2mom/contracts from its TypeScript source, so tests never need a contracts build.
// The rest is Vite's default server list; adding 'import' would hand CommonJS packages (pg) ESM twins.
const conditions = ['source', 'module', 'node', 'development|production'];

// pg-boss imports OpenTelemetry's API, whose 'module' build has imports Node cannot resolve
// (no file extensions): pg-boss goes through Vite, which loads the CommonJS build instead, the
// one Node loads when the server runs.
const alias = { '@opentelemetry/api': createRequire(import.meta.url).resolve('@opentelemetry/api') };

export default defineConfig({
  resolve: { conditions, alias },
  ssr: { resolve: { conditions } },
  test: {
    environment: 'node',
    server: { deps: { inline: ['pg-boss'] } },
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/documented-answers.setup.ts'],
    globalSetup: ['src/test/migrated-embedded.global.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // One file per core: each file has a database of its own, and much of a file's time is spent
    // waiting on PostgreSQL. Vitest's default leaves a core free, which on two cores runs one file
    // at a time (docs/PERFORMANCE.md, "The test suites").
    maxWorkers: '100%',
  },
});
