import type { TEntityName, TUpdatedBy } from '@v2mom/contracts';
import { useState } from 'react';
import { changedUnderneath } from './inline-edit';

interface VersionedRow {
  version: number;
  updatedBy: TUpdatedBy;
  updatedAt: string;
}

/** The part of a React Query mutation the draft drives. */
interface SaveMutation<V> {
  mutate(variables: V, options: { onSuccess: () => void }): void;
  reset(): void;
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}

export interface InlineDraftOptions<Row extends VersionedRow, Draft, Changes extends object, V> {
  entity: TEntityName;
  /** The row as the cache has it now (live changes included). */
  row: Row;
  draftOf: (row: Row) => Draft;
  /** The fields the draft changes against the row the edit is based on; empty when none. */
  changesOf: (base: Row, draft: Draft) => Changes;
  mutation: SaveMutation<V>;
  /** What the mutation sends: the changes with the base row's version. */
  variablesOf: (base: Row, changes: Changes) => V;
  /** Leaves edit mode: after a save, or on Cancel. */
  onDone: () => void;
  /** Refetches the rows and answers this one as the server has it now (undefined: it is gone). */
  onReload: () => Promise<Row | undefined>;
}

/**
 * An item's fields edited in place (docs/PRODUCT.md#my-methods-and-tasks). What the user types
 * is theirs until Save or Cancel: a live change to the row never replaces it, it only raises the
 * notice that someone changed it (docs/PRODUCT.md#conflicts), whose Reload starts again from the
 * server's row. Answers the draft and the props of an `InlineEditForm`.
 */
export function useInlineDraft<Row extends VersionedRow, Draft, Changes extends object, V>({
  entity,
  row,
  draftOf,
  changesOf,
  mutation,
  variablesOf,
  onDone,
  onReload,
}: InlineDraftOptions<Row, Draft, Changes, V>) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  // The row the edit is based on: its version goes with the save, its fields decide what changed.
  const [base, setBase] = useState(row);
  const [reloading, setReloading] = useState(false);

  const onSave = () => {
    const changes = changesOf(base, draft);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    mutation.mutate(variablesOf(base, changes), { onSuccess: onDone });
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await onReload();
      if (!fresh) {
        onDone();
        return;
      }
      mutation.reset();
      setBase(fresh);
      setDraft(draftOf(fresh));
    } finally {
      setReloading(false);
    }
  };

  const by = mutation.isPending || mutation.isSuccess ? null : changedUnderneath(mutation.error, base.version, row);

  return {
    draft,
    setDraft,
    form: {
      onSave,
      onCancel: onDone,
      saving: mutation.isPending,
      changed: by ? { entity, by, onReload: () => void reload(), reloading } : null,
    },
  };
}
