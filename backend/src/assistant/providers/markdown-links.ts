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
