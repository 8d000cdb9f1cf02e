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

/**
 * Characters that draw nothing: white space (U+00A0 included), format characters such as U+200B,
 * U+200D, U+2060 and U+FEFF, control characters, a mark with no letter under it, the other
 * default-ignorable characters (U+3164 HANGUL FILLER) and U+2800 BRAILLE PATTERN BLANK.
 */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Whether a text shows anything at all: a required text needs one such character (docs/PRODUCT.md#validation). */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE_CHARACTER.test(text);
}

/**
 * A text's line breaks as line feeds: CR LF (pasted from Windows) and a lone CR both become LF, as
 * a browser's text box already sends them, so a multi-line text is stored one way whoever sends it.
 */
export function withLineFeeds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
