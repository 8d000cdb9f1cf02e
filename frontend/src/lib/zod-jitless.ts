// The CSP allows no eval (script-src 'self'). Zod compiles a fast parser with `new Function`
// when an object schema is built, and the mere attempt makes the browser report a violation.
// main.tsx imports this module first, so the switch is set before any schema exists. Zod keeps its
// configuration (what `config()` sets) on `globalThis.__zod_globalConfig`, which it reads when it
// loads: set there, the switch costs no import of zod, which most screens' first views never load
// (docs/PERFORMANCE.md, "What a first visit downloads"). tests/shell/content-security.spec.ts fails
// if it stops holding.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((shared.__zod_globalConfig ??= {}), { jitless: true });

