import { enableCompileCache } from 'node:module';
import { configuredLocation } from './db/location.js';
import { loadEnv } from './env.js';

// Start-up is dominated by loading modules: Node's on-disk bytecode cache cuts repeat starts.
enableCompileCache();
const env = loadEnv();
// Start the database first and load the rest of the server while it boots (see db/embedded.ts).
const location = configuredLocation(env);
const { startServer } = await import('./start-server.js');
await startServer(env, location);
