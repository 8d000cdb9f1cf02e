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
