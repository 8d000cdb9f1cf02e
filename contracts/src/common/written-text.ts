/**
 * What people wrote, kept apart from the words around it wherever it is set in a sentence
 * (docs/PRODUCT.md#user-text): a name or a title may hold direction marks, or an override such as
 * U+202E, that would otherwise reorder the rest of the line around it. Screens set each written
 * part in its own isolate (`<bdi>`); plain text wraps it in isolate marks.
 */

/** A part of a sentence: the product's own words, or `{ written }`, text someone wrote. */
export type TSentencePart = string | { readonly written: string };
export type TSentence = readonly TSentencePart[];

/** Text someone wrote, as a part of a sentence. */
export function written(text: string): TSentencePart {
  return { written: text };
}

/** U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE: whatever direction marks `text` holds end with it. */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A sentence as plain text (a subject line, a tooltip), each written part isolated. */
export function sentenceText(sentence: TSentence): string {
  return sentence.map((part) => (typeof part === 'string' ? part : isolated(part.written))).join('');
}
