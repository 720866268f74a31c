/**
 * One-slip spelling, shared by the readers that forgive a misspelt word (extraction's vocabulary, drug names,
 * digitization's grade words): a symmetric-delete index built from `deletionsOf`, then `oneEditApart` to confirm.
 */

/** The word with each one of its characters left out, in order (the symmetric-delete keys besides the word itself). */
export function deletionsOf(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/**
 * Are a and b one edit apart: one letter inserted, deleted or replaced, or two neighbours swapped (optimal string
 * alignment distance exactly 1)? Equal words are not.
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length !== b.length) {
    const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
    return longer.slice(i + 1) === shorter.slice(i);
  }
  return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
}
