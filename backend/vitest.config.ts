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
  },
});
