import { execFile } from 'node:child_process';
import { access, chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadEnv } from '../env.js';
import { until } from './cluster.js';

const run = promisify(execFile);

/** PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup, psql), in the folder `pg_config --bindir` names or Debian's. */
export interface PostgresPrograms {
  binDir: string;
  up: boolean;
  /** They are missing and this is not CI: the suite is skipped (in CI it fails). */
  skip: boolean;
  reason: string;
}

const PROGRAMS = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres', 'psql'];

/** Debian's packages keep each major version's programs in a folder of their own. */
const DEBIAN_FOLDERS = '/usr/lib/postgresql';

/** Where the server programs are: as pg_config says, else the newest of Debian's folders. */
async function programFolder(): Promise<string> {
  try {
    return (await run('pg_config', ['--bindir'])).stdout.trim();
  } catch {
    const versions = (await readdir(DEBIAN_FOLDERS)).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    return join(DEBIAN_FOLDERS, versions[0] ?? 'none', 'bin');
  }
}

/** Whether PostgreSQL's server programs are here; `suite` names the tests in the warning. */
export async function postgresPrograms(suite: string): Promise<PostgresPrograms> {
  const env = loadEnv({ NODE_ENV: 'test' });
  let binDir = '';
  let up: boolean;
  try {
    binDir = await programFolder();
    await Promise.all(PROGRAMS.map((program) => access(join(binDir, program))));
    up = true;
  } catch {
    up = false;
  }
  const reason = up ? '' : `PostgreSQL's server programs (${PROGRAMS.join(', ')}) are missing (apt-get install postgresql): ${suite} is skipped`;
  if (!up && !env.CI) console.warn(`\n  ⚠ ${reason}\n`);
  return { binDir, up, skip: !up && !env.CI, reason };
}

/** Fails a suite that needs PostgreSQL's programs when they are away (only reached in CI). */
export function requirePostgresPrograms(programs: PostgresPrograms): void {
  if (!programs.up) throw new Error(`CI needs PostgreSQL's server programs: ${programs.reason}`);
}

/** A throwaway primary and a streaming standby of it, each a cluster in a temporary folder. */
export interface ReplicatedPostgres {
  primaryUrl: string;
  standbyUrl: string;
  /** One statement's text result on the primary or the standby, through psql. */
  query(on: 'primary' | 'standby', statement: string): Promise<string>;
  /** How many statements containing `text` the server has run so far (with `logStatements`). */
  statementsOn(on: 'primary' | 'standby', text: string): Promise<number>;
  /** Every statement the server has run so far, in order (with `logStatements`): each one's first line. */
  statementsRun(on: 'primary' | 'standby'): Promise<string[]>;
  /** Resolves once the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Stops applying the primary's changes on the standby (it keeps answering, with older data). */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  /** Stops both servers and deletes their folders. */
  stop(): Promise<void>;
}

/**
 * Settings for both servers: streaming replication, loopback only, no waiting on the disk (throwaway
 * data). Commits still flush the WAL they write, which is what the standby is sent.
 */
function serverOptions(port: number, socketDir: string, logStatements: boolean): string {
  const logging = logStatements ? ' -c log_statement=all' : '';
  return `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c wal_level=replica -c max_wal_senders=4 -c fsync=off -c full_page_writes=off${logging}`;
}

export interface ReplicatedPostgresOptions {
  /**
   * Below Linux's ephemeral range (32768 and up), from which every outgoing connection of a busy
   * test run takes its local port: a listener there can find its port taken for a moment.
   */
  primaryPort: number;
  standbyPort: number;
  /** Each server logs every statement it runs, which `statementsOn` counts. */
  logStatements?: boolean;
}

/**
 * Starts a primary on `primaryPort` and a standby of it (pg_basebackup -R) on `standbyPort`. The
 * machine may run tests as root, which PostgreSQL refuses: the programs then run as `postgres`.
 */
export async function startReplicatedPostgres(binDir: string, { primaryPort, standbyPort, logStatements = false }: ReplicatedPostgresOptions): Promise<ReplicatedPostgres> {
  const asRoot = process.getuid?.() === 0;
  const folder = await mkdtemp(join(tmpdir(), 'v2mom-replica-'));
  const primary = join(folder, 'primary');
  const standby = join(folder, 'standby');
  const program = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(binDir, name), ...args]) : run(join(binDir, name), args);
  const urlOf = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const portOf = { primary: primaryPort, standby: standbyPort };
  const logOf = { primary: join(folder, 'primary.log'), standby: join(folder, 'standby.log') };
  const query = async (on: 'primary' | 'standby', statement: string) =>
    (await run(join(binDir, 'psql'), ['-h', '127.0.0.1', '-p', String(portOf[on]), '-U', 'postgres', '-d', 'postgres', '-Atc', statement])).stdout.trim();
  const startStandby = async () => {
    await program('pg_ctl', ['-D', standby, '-l', logOf.standby, '-o', serverOptions(standbyPort, folder, logStatements), '-w', 'start']);
  };
  const stopServer = (dataDir: string) => program('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);

  if (asRoot) await chown(folder, Number((await run('id', ['-u', 'postgres'])).stdout), Number((await run('id', ['-g', 'postgres'])).stdout));
  try {
    // initdb's pg_hba.conf trusts replication connections from 127.0.0.1, which pg_basebackup and the standby make.
    await program('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await program('pg_ctl', ['-D', primary, '-l', logOf.primary, '-o', serverOptions(primaryPort, folder, logStatements), '-w', 'start']);
    await program('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standby, '-R', '-X', 'stream', '--no-sync']);
    await startStandby();
  } catch (error) {
    // pg_ctl only says to examine the log, which goes with the folder: keep its end in the error.
    const logs = await Promise.all(Object.entries(logOf).map(async ([server, log]) => `${server}: ${(await readFile(log, 'utf8').catch(() => '(no log)')).trim().split('\n').slice(-5).join('\n')}`));
    await stopServer(standby);
    await stopServer(primary);
    await rm(folder, { recursive: true, force: true });
    throw new Error(`The replicated PostgreSQL did not start\n${logs.join('\n')}`, { cause: error });
  }

  return {
    primaryUrl: urlOf(primaryPort),
    standbyUrl: urlOf(standbyPort),
    query,
    async statementsOn(on, text) {
      return (await readFile(logOf[on], 'utf8')).split('\n').filter((line) => line.includes(text)).length;
    },
    async statementsRun(on) {
      // log_statement=all: `LOG:  statement: …` for a simple query, `LOG:  execute <name>: …` for a prepared one.
      return (await readFile(logOf[on], 'utf8')).split('\n').flatMap((line) => /LOG: {2}(?:statement|execute [^:]*): (.*)$/.exec(line)?.[1] ?? []);
    },
    async caughtUp() {
      const written = await query('primary', 'select pg_current_wal_insert_lsn()');
      await until(async () => (await query('standby', `select pg_last_wal_replay_lsn() >= '${written}'::pg_lsn`)) === 't');
    },
    async pauseReplay() {
      await query('standby', 'select pg_wal_replay_pause()');
      await until(async () => (await query('standby', 'select pg_get_wal_replay_pause_state()')) === 'paused');
    },
    async resumeReplay() {
      await query('standby', 'select pg_wal_replay_resume()');
    },
    async stopStandby() {
      await program('pg_ctl', ['-D', standby, '-m', 'fast', '-w', 'stop']);
    },
    startStandby,
    async stop() {
      await stopServer(standby);
      await stopServer(primary);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
