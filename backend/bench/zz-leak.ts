import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { bootstrap } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { loadEnv } from '../src/env.js';
import { withBenchDatabase } from './bench-database.js';
import { seedLargeOrganisation } from './large-org.js';
import { login, send } from './load.js';

await withBenchDatabase('postgresql://postgres@127.0.0.1:5432/postgres', async ({ orm, clientUrl }) => {
  await seedLargeOrganisation(orm);
  const env = loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', SESSION_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', DATABASE_URL: clientUrl, READ_CACHE: 'on' });
  const database = await openDatabase({ kind: 'postgresql', clientUrl });
  const instance = await bootstrap({ env, database });
  await new Promise<void>((r) => instance.server.listen(0, '127.0.0.1', () => r()));
  const port = (instance.server.address() as { port: number }).port;
  const cookie = await login(port, 'admin');
  const agent = new Agent({ keepAlive: true });
  const methods = JSON.parse((await send(agent, port, 'GET', '/api/methods/all', cookie)).body) as Array<{ id: number; version: number; progress: number }>;
  const heap = () => { globalThis.gc?.(); return Math.round(process.memoryUsage().heapUsed / 1e5) / 10; };
  const adapter = instance.live.io.of('/').adapter as any;
  let i = 0;
  const writes = async (n: number) => { for (let k = 0; k < n; k++, i++) { const m = methods[i % methods.length]!; const a = await send(agent, port, 'PUT', `/api/methods/${m.id}`, cookie, { version: m.version, progress: (m.progress + 1) % 101 }); ({ version: m.version, progress: m.progress } = JSON.parse(a.body)); } };
  await writes(1000);
  adapter.packets.length = 0;
  console.log('heap MB after 1000 writes, buffer emptied', heap());
  for (let r = 0; r < 3; r++) { await writes(1500); const h = heap(); const n = adapter.packets.length; adapter.packets.length = 0; console.log('heap MB after', i, 'writes', h, 'packets', n, 'heap without them', heap()); }
  agent.destroy(); await instance.close(); await database.close();
});
