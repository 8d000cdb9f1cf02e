import { useCallback, useEffect } from 'react';

/** What a row needs to sit in the edit slot. */
interface Row {
  id: number;
}

export interface EditSlotOptions<T extends Row> {
  /** The kind of row, the first part of its key in the slot ('method', 'task'). */
  kind: string;
  /** The rows on show; undefined while loading. */
  rows: readonly T[] | undefined;
  /** Refetches the rows and answers them as the server has them now. */
  refetch: () => Promise<{ data?: readonly T[] | undefined }>;
  /** The one item in edit mode on the page (a method or a task), if any. */
  editingKey: string | null;
  onEditingChange: (key: string | null) => void;
}

/**
 * A list's share of the page's one edit slot (docs/PRODUCT.md#my-methods-and-tasks): which of
 * its rows is in edit mode, which are locked because another item is, and a slot freed when
 * the edited row leaves the list (deleted, or given to someone else).
 */
export function useEditSlot<T extends Row>({ kind, rows, refetch, editingKey, onEditingChange }: EditSlotOptions<T>) {
  const keyOf = useCallback((id: number) => `${kind}:${id}`, [kind]);
  const onEdit = useCallback((id: number) => onEditingChange(keyOf(id)), [onEditingChange, keyOf]);
  const onDone = useCallback(() => onEditingChange(null), [onEditingChange]);
  const onReload = useCallback(async (id: number): Promise<T | undefined> => (await refetch()).data?.find((row) => row.id === id), [refetch]);

  const editedGone = editingKey?.startsWith(`${kind}:`) === true && rows !== undefined && !rows.some((row) => keyOf(row.id) === editingKey);
  useEffect(() => {
    if (editedGone) onEditingChange(null);
  }, [editedGone, onEditingChange]);

  return {
    onEdit,
    onDone,
    onReload,
    isEditing: (id: number) => editingKey === keyOf(id),
    isLocked: (id: number) => editingKey !== null && editingKey !== keyOf(id),
  };
}
