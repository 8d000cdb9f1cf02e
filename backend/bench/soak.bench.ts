import { Agent } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { MikroORM } from '@mikro-orm/postgresql';
import { LIVE_EVENTS, type TV2momComplete } from '@v2mom/contracts';
import { z } from 'zod';
import { User } from '../src/modules/users/user.entity.js';
import { V2mom } from '../src/modules/v2moms/v2mom.entity.js';
import { connectClient, type LiveClient } from '../src/test/live-client.js';
import { withBenchDatabase } from './bench-database.js';
import { none, reported, writeBenchResults } from './bench-results.js';
import { login, send } from './load.js';
import { startServer } from './server-process.js';
import { documentRows, SoakEditor, type Acknowledged, type EditorCounts } from './soak-editor.js';

/**
 * `npm run bench:soak -w backend` (`make bench-soak`, part of `make bench`): three people edit one
 * V2MOM at once (docs/PERFORMANCE.md#soak). On a scratch database with the demo organisation, the
 * real app runs in a child process (bench-server.ts); here, three users who may all edit the
 * V2MOM of `lead` (lead, its owner; admin; coo, given manage_structure for the run) each hold a
 * real socket in the V2MOM's room and edit random fields for BENCH_SOAK_SECONDS through the real
 * API, as the form does (soak-editor.ts). Afterwards the stored document must hold every
 * acknowledged field change, unless a later acknowledged write changed that field again.
 * Exits 1 on any lost change or any 5xx.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_SOAK_SECONDS: z.coerce.number().positive().default(60),
    BENCH_SOAK_OUT: z.string().default(fileURLToPath(new URL('./results/soak.json', import.meta.url))),
  })
  .parse(process.env);

const EDITORS = ['lead', 'admin', 'coo'] as const;

/** The V2MOM of `lead` with the most items, and a third editor: coo may edit it once it holds manage_structure. */
async function prepare(orm: MikroORM): Promise<number> {
  const em = orm.em.fork();
  const coo = await em.findOneOrFail(User, { username: 'coo' });
  coo.capabilities = [...new Set([...coo.capabilities, 'manage_structure' as const])];
  await em.flush();
  const v2moms = await em.find(V2mom, { owner: { username: 'lead' } }, { populate: ['values', 'methods', 'obstacles'] });
  const size = (v2mom: V2mom) => v2mom.values.length + v2mom.methods.length + v2mom.obstacles.length;
  const chosen = v2moms.sort((a, b) => size(b) - size(a))[0];
  if (!chosen || chosen.methods.length === 0) throw new Error('lead owns no V2MOM with methods');
  return chosen.id;
}

function joinRoom(socket: LiveClient, v2momId: number): Promise<void> {
  return new Promise((resolve, reject) =>
    socket.emit(LIVE_EVENTS.joinV2mom, { v2momId, mode: 'editing' }, (answer) => ('error' in answer ? reject(new Error(answer.error)) : resolve())),
  );
}

/** An acknowledged change is lost when the stored value differs and no later acknowledged write changed the field. */
function lostChanges(final: TV2momComplete, acknowledged: readonly Acknowledged[]): Acknowledged[] {
  const stored = documentRows(final);
  const latest = new Map<string, number>();
  for (const ack of acknowledged) latest.set(ack.key, Math.max(latest.get(ack.key) ?? 0, ack.version));
  return acknowledged.filter((ack) => {
    const [entity, id, field] = ack.key.split(':') as [string, string, string];
    if (stored.get(`${entity}:${id}`)?.fields[field] === ack.value) return false;
    return (latest.get(ack.key) ?? 0) <= ack.version;
  });
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm, clientUrl }) => {
  const v2momId = await prepare(orm);
  const server = await startServer({ clientUrl, env: { REDIS_URL: '' } });
  const agent = new Agent({ keepAlive: true });
  const sockets: LiveClient[] = [];
  try {
    const url = `http://127.0.0.1:${server.port}`;
    const cookies = await Promise.all(EDITORS.map((username) => login(server.port, username)));
    const read = async () => {
      const answer = await send(agent, server.port, 'GET', `/api/v2moms/${v2momId}/complete`, cookies[0] ?? '');
      if (answer.status !== 200) throw new Error(`Reading the V2MOM answered ${answer.status}`);
      return JSON.parse(answer.body) as TV2momComplete;
    };
    const started = performance.now();
    const editors: SoakEditor[] = [];
    for (const [index, name] of EDITORS.entries()) {
      const cookie = cookies[index] ?? '';
      const socket = await connectClient(url, cookie, { reconnection: false });
      sockets.push(socket);
      await joinRoom(socket, v2momId);
      editors.push(new SoakEditor(name, { agent, port: server.port, cookie, socket, started }, await read()));
    }
    const initial = await read();
    console.log(
      `  V2MOM ${v2momId}: ${initial.values.length} values, ${initial.methods.length} methods, ${initial.obstacles.length} obstacles; ${EDITORS.join(', ')} edit for ${options.BENCH_SOAK_SECONDS} s`,
    );
    const until = performance.now() + options.BENCH_SOAK_SECONDS * 1000;
    await Promise.all(editors.map((editor) => editor.run(until)));
    const final = await read();

    const acknowledged = editors.flatMap((editor) => editor.acknowledged);
    const lost = lostChanges(final, acknowledged);
    const total = (key: keyof EditorCounts) => editors.reduce((sum, editor) => sum + editor.counts[key], 0);
    const counts = {
      writes: total('writes'),
      acknowledged: acknowledged.length,
      merged: total('merged'),
      conflicts: total('conflicts'),
      lost: lost.length,
      serverErrors: total('serverErrors'),
      refused: total('refused'),
      events: total('events'),
    };
    const cpu = cpus();
    const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`;
    console.log(`\nMachine: ${machine}\n`);
    console.log('| editor | writes | acknowledged | merged | conflicts | 5xx | other 4xx | events |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const editor of editors) {
      const { writes, merged, conflicts, serverErrors, refused, events } = editor.counts;
      console.log(`| ${editor.name} | ${writes} | ${editor.acknowledged.length} | ${merged} | ${conflicts} | ${serverErrors} | ${refused} | ${events} |`);
    }
    console.log(
      `| all | ${counts.writes} | ${counts.acknowledged} | ${counts.merged} | ${counts.conflicts} | ${counts.serverErrors} | ${counts.refused} | ${counts.events} |`,
    );
    console.log(`\nLost acknowledged changes: ${counts.lost} (must be 0); 5xx: ${counts.serverErrors} (must be 0).`);
    for (const refusal of editors.flatMap((editor) => editor.refusals)) console.log(`  refused: ${refusal}`);
    for (const change of lost.slice(0, 10)) console.log(`  lost: ${JSON.stringify(change)}`);

    writeBenchResults(options.BENCH_SOAK_OUT, {
      bench: 'soak',
      title: `Three people editing one V2MOM for ${options.BENCH_SOAK_SECONDS} s: every acknowledged field change kept`,
      machine,
      seconds: options.BENCH_SOAK_SECONDS,
      figures: [
        reported('writes', counts.writes, 'count'),
        reported('acknowledged field changes', counts.acknowledged, 'count'),
        reported("merged (applied over another's concurrent change)", counts.merged, 'count'),
        reported('conflicts (fields refused)', counts.conflicts, 'count'),
        none('lost acknowledged changes', counts.lost),
        none('5xx answers', counts.serverErrors),
        none('other 4xx answers', counts.refused),
      ],
      editors: editors.map((editor) => ({ name: editor.name, ...editor.counts, acknowledged: editor.acknowledged.length })),
      lost: lost.slice(0, 50),
    });
    if (counts.lost > 0 || counts.serverErrors > 0) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket.disconnect();
    agent.destroy();
    await server.stop();
  }
});
