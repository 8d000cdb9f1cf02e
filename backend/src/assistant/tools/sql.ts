/** Escapes `%`, `_` and `\` so user text matches literally inside `like ... escape '\'`. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
