/** Where long names are cut in badges, selectors and tables (docs/PRODUCT.md#validation). */
export const TRUNCATE_AT = {
  badge: 20,
  obstacleMethodSelector: 30,
  teamObstacleText: 50,
} as const;

const ELLIPSIS = '...';

/**
 * Keeps text of up to `max` characters as is; longer text is cut at `max` plus an ellipsis.
 * Counts code points so an emoji is never split in half.
 */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return characters.slice(0, max).join('') + ELLIPSIS;
}

/** Status codes shown as text: 'on_track' reads 'on track'. */
export function underscoresToSpaces(text: string): string {
  return text.replaceAll('_', ' ');
}

/**
 * A free text as it is stored (docs/PRODUCT.md#validation): without white space around it, and
 * `null` when nothing is left. The server's schemas and the editors' drafts both store text by it.
 */
export function storedText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}
