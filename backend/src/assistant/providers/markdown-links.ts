import { PATHS, pathTo } from '@v2mom/contracts';

/**
 * Stored titles and descriptions are untrusted text: in an answer they sit mid-line, escaped so
 * that no character of theirs can start emphasis, code, a link, raw HTML or a table cell, or end
 * the link they are the text of. Line breaks become spaces (a line of its own could be a heading).
 */
export function mdText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~&!]/g, (character) => `\\${character}`);
}

const link = (text: string, path: string) => `[${mdText(text)}](${path})`;

/** Links to the screens that show what an answer names (docs/PRODUCT.md#assistant). */
export const linkTo = {
  method: (id: number, description: string) => link(description, pathTo.method(id)),
  v2mom: (id: number, title: string) => link(title, pathTo.v2mom(id)),
  /** Tasks have no screen of their own: the Tasks page lists them. */
  task: (title: string) => link(title, PATHS.tasks),
};

/** A markdown link: its text (escapes kept) and its target. */
const LINK = /\[((?:\\.|[^\]\\\n])*)\]\(([^)\n]*)\)/g;
/** A `[` that may begin a link is held back at most this long before it is let through as text. */
const LONGEST_LINK = 600;

/** `text` with every link to a target outside `targets` turned into its text alone. */
export function keepLinksTo(targets: ReadonlySet<string>, text: string): string {
  return text.replace(LINK, (whole, label: string, target: string) => (targets.has(target.trim()) ? whole : label));
}

/** Where the text is safe to send: before a `[` whose link may still be arriving. */
function settledLength(text: string): number {
  let settled = 0;
  for (const match of text.matchAll(LINK)) settled = match.index + match[0].length;
  const open = text.indexOf('[', settled);
  return open === -1 || text.length - open > LONGEST_LINK ? text.length : open;
}

/**
 * A model's streamed text with only the links `targets` holds (docs/PRODUCT.md#meeting-brief):
 * a link to an item the facts do not name (invented, or mistyped) keeps its words and loses its
 * target. A link split across chunks is held until it is whole, so it is judged once.
 */
export async function* onlyLinksTo(targets: ReadonlySet<string>, chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let held = '';
  for await (const chunk of chunks) {
    held += chunk;
    const settled = settledLength(held);
    if (settled === 0) continue;
    yield keepLinksTo(targets, held.slice(0, settled));
    held = held.slice(settled);
  }
  if (held) yield keepLinksTo(targets, held);
}
