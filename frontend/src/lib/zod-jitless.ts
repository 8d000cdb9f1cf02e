import { config } from 'zod';

// The CSP allows no eval (script-src 'self'). Zod compiles a fast parser with `new Function`
// when an object schema is built, and the mere attempt makes the browser report a violation.
// main.tsx imports this module first, so the switch is set before any schema exists.
config({ jitless: true });
