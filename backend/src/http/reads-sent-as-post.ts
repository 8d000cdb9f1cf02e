import { API_PREFIX, listEndpoints } from '@v2mom/contracts';
import type { Request } from 'express';

/**
 * The catalogue's reads sent as POST (`readOnly`: a body that names more ids than a URL holds), by
 * method and path. Each is told before routing, so its path has no params.
 */
const READS_SENT_AS_POST = new Set(
  listEndpoints()
    .filter((endpoint) => endpoint.readOnly)
    .map(({ method, path }) => {
      if (path.includes('{')) throw new Error(`${method} ${path}: a read sent as POST is told by its path, which has no params`);
      return `${method} ${path}`;
    }),
);

/**
 * Whether a request under the API's prefix is a read sent as POST: it changes nothing, so it takes
 * no place among its caller's writes under way (writes-in-flight.ts) and reads the replica as a GET
 * does (db/replica-reads.ts).
 */
export function isReadSentAsPost(req: Request): boolean {
  return READS_SENT_AS_POST.has(`${req.method} ${API_PREFIX}${req.path}`);
}
