import type { EntityManager } from '@mikro-orm/core';
import { readRollupNodes } from '../modules/v2moms/aligned-page.read.js';
import type { ChangeSet } from '../modules/shared/change-set.js';
import type { AlignmentMaps } from './alignment-maps.js';
import { readAfterCommit } from './read-after-commit.js';
import { serialBatches } from './serial-batches.js';

/** The V2MOMs whose figures on the map a write may have moved: those of its methods, and its V2MOMs still there. */
function movedV2moms(changeSet: ChangeSet): number[] {
  return changeSet.changes.flatMap((change) => {
    if (change.entity === 'method' && change.v2momId !== null) return [change.v2momId];
    if (change.entity === 'v2mom' && change.operation !== 'deleted') return [change.id];
    return [];
  });
}

export interface RollupPublisher {
  /** Queues a committed write's V2MOMs; call only after the commit. */
  publish(changeSet: ChangeSet): void;
  /** Resolves once what is queued has been sent. */
  settled(): Promise<void>;
}

/**
 * Sends `alignment:rollup` to the sockets with an alignment map open after writes that moved
 * methods' figures (docs/PRODUCT.md#alignment-map): the map's figures of their V2MOMs and of every
 * V2MOM above them, read after the commit (tried again while no pooled connection comes:
 * read-after-commit.ts), so an open map recolours the nodes it holds without asking again. While
 * no map is open on any server (asked after the commit: alignment-maps.ts), nothing is read or sent.
 * The writes that commit while a read is on its way go together in the next one, and the reads
 * follow one another, so a later event never carries older figures than an earlier one.
 */
export function alignmentRollups(
  maps: AlignmentMaps,
  em: () => EntityManager,
  { onRetry, onError }: { onRetry: (error: unknown, attempt: number) => void; onError: (error: unknown) => void },
): RollupPublisher {
  const batches = serialBatches<number[]>(async (moved) => {
    if (!(await maps.anyOpen())) return;
    const v2momIds = [...new Set(moved.flat())];
    const nodes = await readAfterCommit(() => readRollupNodes(em(), v2momIds), onRetry);
    if (nodes.length > 0) maps.send({ nodes });
  }, onError);

  return {
    publish(changeSet) {
      const moved = movedV2moms(changeSet);
      // The writes are committed and answered; a failed read must not turn them into errors.
      if (moved.length > 0) batches.add(moved);
    },
    settled: () => batches.settled(),
  };
}
