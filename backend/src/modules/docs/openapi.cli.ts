import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from './openapi.js';

/** Writes the OpenAPI document the server serves to the file named by the first argument (`make lint-openapi`). */
const [target] = process.argv.slice(2);
if (!target) {
  console.error('Usage: openapi.cli <file.json>');
  process.exit(2);
}
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
