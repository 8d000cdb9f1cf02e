// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Features never use each other's screens or components: a screen that needs another
 * feature's piece gets it from the route in app/ (the dashboard's Add Obstacle dialog). Shared
 * data hooks under a feature's api/ are still imported across features, until they move to a
 * shared layer.
 */
const FEATURES = fileURLToPath(new URL('../src/features', import.meta.url));
const IMPORT = /(?:from\s+|import\()\s*'(\.[^']+)'/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const featureOf = (path: string) => relative(FEATURES, path).split(sep)[0];

describe('feature boundaries', () => {
  it('no feature imports another feature’s components', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(FEATURES)) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = resolve(dirname(file), specifier!);
        if (!target.startsWith(FEATURES + sep) || featureOf(target) === featureOf(file)) continue;
        const inside = relative(join(FEATURES, featureOf(target)!), target).split(sep);
        if (inside[0] !== 'api') crossings.push(`${relative(FEATURES, file)} -> ${relative(FEATURES, target)}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
