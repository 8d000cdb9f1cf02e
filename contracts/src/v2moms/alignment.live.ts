import { z } from 'zod';
import { ZAlignedV2momSchema } from './alignment.schemas.js';

/**
 * `alignment:rollup` (docs/PRODUCT.md#alignment-map): after a write that moved methods' figures,
 * the V2MOMs it touched and every V2MOM above them as the map shows them now: progress, status,
 * their own methods and their branch's by status. A V2MOM read only by some (a person's never
 * approved) is left out; its ancestors' branches count it all the same.
 */
export const ZAlignmentRollupNodeSchema = ZAlignedV2momSchema.pick({ id: true, overallProgress: true, status: true, methods: true, branch: true });
export type TAlignmentRollupNode = z.infer<typeof ZAlignmentRollupNodeSchema>;

export const ZAlignmentRollupEventSchema = z.object({ nodes: z.array(ZAlignmentRollupNodeSchema) });
export type TAlignmentRollupEvent = z.infer<typeof ZAlignmentRollupEventSchema>;

/**
 * `alignment:watch`: the socket has an alignment map open, or no longer (a dropped socket no
 * longer has). `alignment:rollup` goes only to the sockets that have one open, and is neither read
 * nor sent while none has, anywhere; so a map reads its pages again once the server acknowledged
 * that it is open, and again on `alignment:changed`, which says that roll-ups may have been missed.
 */
export const ZWatchAlignmentCommandSchema = z.strictObject({ open: z.boolean() });
export type TWatchAlignmentCommand = z.infer<typeof ZWatchAlignmentCommandSchema>;
