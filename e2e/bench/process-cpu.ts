import { readdirSync, readFileSync } from 'node:fs';

/**
 * The CPU time Linux has charged processes, from /proc: what a call costs the servers and
 * PostgreSQL whatever else shares the machine, where a latency grows with everything waiting for
 * a core beside it.
 */

/** Linux counts CPU time in clock ticks of 1/100 s (USER_HZ) on every architecture it reports for. */
const MS_PER_TICK = 10;

/** User plus system CPU time of the process, in ms; NaN once it has exited. */
function processCpuMs(pid: number): number {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return Number.NaN;
  }
}

/** The PostgreSQL backends serving `database` on this machine (`postgres: … user database host state`), with their CPU time so far. */
function postgresBackendsCpu(database: string): Map<number, number> {
  const backends = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!command.startsWith('postgres: ') || !command.split(' ').includes(database)) continue;
    const cpu = processCpuMs(Number(entry));
    if (!Number.isNaN(cpu)) backends.set(Number(entry), cpu);
  }
  return backends;
}

/** The machine's CPU time so far, every core's, in ticks: all of it, and the part spent idle or waiting for the disk (/proc/stat). */
function machineTicks(): { all: number; idle: number } {
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal; guest time is already counted in user.
  const counted = ticks.slice(0, 8);
  return { all: counted.reduce((sum, tick) => sum + (tick || 0), 0), idle: (counted[3] ?? 0) + (counted[4] ?? 0) };
}

export interface CpuSpent {
  serversMs: number;
  /** Each server's part of `serversMs`, in the order of their pids. */
  eachServerMs: number[];
  postgresMs: number;
  /** This process's: the load generator's, which shares the machine. */
  loadMs: number;
  /** The share of the machine's cores that were busy, whoever with (0 to 1). */
  machineBusy: number;
}

/**
 * Starts counting the CPU of the servers, of the backends serving `database`, of this process and
 * of the machine; the function it answers gives what each spent since. A backend that started
 * meanwhile counts from zero; one that ended meanwhile is missed (the servers' pools keep theirs
 * for minutes).
 */
export function countCpu(serverPids: number[], database: string): () => CpuSpent {
  const servers = serverPids.map(processCpuMs);
  const backends = postgresBackendsCpu(database);
  const load = process.cpuUsage();
  const machine = machineTicks();
  return () => {
    const eachServerMs = serverPids.map((pid, index) => processCpuMs(pid) - (servers[index] ?? 0));
    const serversMs = eachServerMs.reduce((sum, ms) => sum + ms, 0);
    let postgresMs = 0;
    for (const [pid, cpu] of postgresBackendsCpu(database)) postgresMs += cpu - (backends.get(pid) ?? 0);
    const { user, system } = process.cpuUsage(load);
    const now = machineTicks();
    const all = now.all - machine.all;
    return { serversMs, eachServerMs, postgresMs, loadMs: (user + system) / 1000, machineBusy: all > 0 ? 1 - (now.idle - machine.idle) / all : Number.NaN };
  };
}
