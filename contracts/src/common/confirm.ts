/** Destructive deletes ask the user to type this word, in capitals (spec section 5). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export function isDeleteConfirmed(typed: string | null | undefined): boolean {
  return typed === DELETE_CONFIRMATION_WORD;
}
