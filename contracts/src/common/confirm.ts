/** Destructive deletes ask the user to type this word, in capitals (docs/PRODUCT.md#deletion). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export function isDeleteConfirmed(typed: string | null | undefined): boolean {
  return typed === DELETE_CONFIRMATION_WORD;
}
