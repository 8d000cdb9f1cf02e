// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The login route's JavaScript stays under 150 KB gzip; every page is its own lazy chunk, and
 * html2canvas loads only when a slide is exported. The session check and a page's first queries
 * go out ahead of the scripts that would hold them in the browser's queue (HTTP/1.1 allows six
 * connections per host).
 */
const BUDGET_BYTES = 150 * 1024;
const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const LOGIN_PAGE_SOURCE = 'src/app/routes/login.tsx';
const PAGE_DATA_SOURCE = 'src/app/page-data.ts';
const SIGNED_IN_USER_PATH = '/api/auth/user';
/** Every page lives under app/routes, beside the lazily loaded pieces a page composes. */
const ROUTES = 'src/app/routes/';
const SLIDE_EXPORT_SOURCE = 'src/features/v2moms/components/slide-export/export-slides.tsx';
/** A class name only html2canvas's code contains. */
const HTML2CANVAS_MARKER = 'html2canvas-container';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  if (!existsSync(MANIFEST)) {
    throw new Error(`No build at ${MANIFEST}: run the build first (npm run build -w frontend).`);
  }
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically: what the browser must fetch before running it. */
function withStaticImports(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, into);
  return into;
}

describe('the production bundle', () => {
  it('keeps the login route under 150 KB of gzipped JavaScript', () => {
    const manifest = readManifest();
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
    expect(entryKey, 'no entry chunk in the manifest').toBeDefined();
    expect(manifest[entryKey!]!.dynamicImports ?? [], 'the login page must be lazily imported by the entry').toContain(
      LOGIN_PAGE_SOURCE,
    );

    const files = withStaticImports(manifest, entryKey!);
    withStaticImports(manifest, LOGIN_PAGE_SOURCE, files);
    const sizes = [...files]
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzip: gzipSync(readFileSync(join(DIST, file))).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);

    const report = sizes.map(({ file, gzip }) => `  ${file}: ${(gzip / 1024).toFixed(1)} KB`).join('\n');
    console.info(`Login route JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget 150 KB)\n${report}`);
    expect(total, `login route is ${(total / 1024).toFixed(1)} KB gzip, over the 150 KB budget:\n${report}`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );
  });

  it('keeps html2canvas out of every initial bundle: the entry and each page load without it', () => {
    const manifest = readManifest();
    const exporter = manifest[SLIDE_EXPORT_SOURCE];
    expect(exporter, `${SLIDE_EXPORT_SOURCE} is not a chunk of its own`).toBeDefined();
    expect(exporter!.isDynamicEntry, 'the slide exporter must be imported lazily').toBe(true);
    expect(readFileSync(join(DIST, exporter!.file), 'utf8'), 'html2canvas should live in the exporter chunk').toContain(
      HTML2CANVAS_MARKER,
    );

    const initialKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry || key.startsWith(ROUTES));
    expect(initialKeys.length).toBeGreaterThanOrEqual(18); // the entry, 16 screens and the login page
    for (const key of initialKeys) {
      for (const file of withStaticImports(manifest, key)) {
        expect(file, `${key} statically imports the slide exporter`).not.toBe(exporter!.file);
        if (file.endsWith('.js')) {
          expect(readFileSync(join(DIST, file), 'utf8').includes(HTML2CANVAS_MARKER), `${file} (loaded by ${key}) holds html2canvas`).toBe(
            false,
          );
        }
      }
    }
  });

  it('gives every page its own lazily loaded chunk', () => {
    const manifest = readManifest();
    const pages = Object.values(manifest).filter((chunk) => chunk.src?.startsWith(ROUTES));
    expect(pages.length).toBeGreaterThanOrEqual(17); // 16 screens and the login page
    for (const page of pages) {
      expect(page.isDynamicEntry, `${page.src} should be lazily imported`).toBe(true);
    }
  });

  it('asks who is signed in before any script: it is the first request index.html names', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const firstRequest = /<(?:link|script)\b[^>]*\b(?:href|src)="([^"]+)"/.exec(html)?.[1];
    expect(firstRequest).toBe(SIGNED_IN_USER_PATH);
  });

  it("loads a page's first queries in at most two requests beyond the entry's", () => {
    const manifest = readManifest();
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const entryFiles = withStaticImports(manifest, entryKey);
    const extra = [...withStaticImports(manifest, PAGE_DATA_SOURCE)].filter((file) => !entryFiles.has(file));
    expect(extra.length, `page-data loads ${extra.join(', ')}`).toBeLessThanOrEqual(2);
  });
});
