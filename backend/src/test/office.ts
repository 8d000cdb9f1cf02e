import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadEnv } from '../env.js';

const run = promisify(execFile);

/** A real office suite to open decks with: LibreOffice's `soffice` and poppler's `pdftotext`. */
export interface TestOffice {
  up: boolean;
  /** LibreOffice or poppler is missing and this is not CI: the suite is skipped (in CI it fails). */
  skip: boolean;
  reason: string;
}

async function answers(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args, { timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/** Whether LibreOffice and pdftotext are here; `suite` names the tests in the warning. */
export async function testOffice(suite: string): Promise<TestOffice> {
  const env = loadEnv({ NODE_ENV: 'test' });
  const up = (await answers('soffice', ['--version'])) && (await answers('pdftotext', ['-v']));
  const reason = up ? '' : `LibreOffice (soffice) or pdftotext is missing (apt-get install libreoffice-impress poppler-utils): ${suite} is skipped`;
  if (!up && !env.CI) console.warn(`\n  ⚠ ${reason}\n`);
  return { up, skip: !up && !env.CI, reason };
}

/** Fails a suite that needs LibreOffice when it is away (only reached in CI). */
export function requireOffice(office: TestOffice): void {
  if (!office.up) throw new Error(`CI needs LibreOffice: ${office.reason}`);
}

/** What LibreOffice makes of a file: the PDF it prints, its pages' text and their count. */
export interface OfficeRendering {
  pdf: Buffer;
  pages: string[];
}

/**
 * Opens `file` in LibreOffice headless, in a temporary folder with a profile of its own (so runs
 * never share or leave one), prints it to PDF and reads each page's text back with pdftotext.
 */
export async function renderWithOffice(file: Buffer, name: string): Promise<OfficeRendering> {
  const folder = await mkdtemp(join(tmpdir(), 'v2mom-office-'));
  try {
    await writeFile(join(folder, name), file);
    const profile = `-env:UserInstallation=file://${join(folder, 'profile')}`;
    await run('soffice', [profile, '--headless', '--convert-to', 'pdf', '--outdir', folder, join(folder, name)], { timeout: 120_000 });
    const pdfPath = join(folder, name.replace(/\.\w+$/, '.pdf'));
    const pdf = await readFile(pdfPath);
    const { stdout } = await run('pdftotext', ['-layout', pdfPath, '-'], { maxBuffer: 32 * 1024 * 1024 });
    // pdftotext ends each page with a form feed.
    const pages = stdout.split('\f').slice(0, -1);
    return { pdf, pages };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
