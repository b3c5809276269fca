// First names a video would say oddly (docs/rules.md#columns): sent and spoken as written, so said before Add.

/** Why a first name may read oddly, or null: written all in lower case, or holding more than letters (an emoji, a digit). */
export function oddName(name: string): 'lower case' | 'not only letters' | null {
  if (/[^\p{L}\p{M}\s'’.-]/u.test(name)) return 'not only letters';
  return name !== name.toUpperCase() && name === name.toLowerCase() ? 'lower case' : null;
}

/** The sentence for the rows not sent yet (each name once), naming the first few, or null when every first name reads as written. */
export function oddNamesSentence(odd: readonly (readonly [name: string, why: string])[]): string | null {
  if (!odd.length) return null;
  const shown = odd.slice(0, 3).map(([name, why]) => `“${name}” (${why})`);
  const more = odd.length > 3 ? ` and ${odd.length - 3} more` : '';
  return `${odd.length} first name${odd.length > 1 ? 's' : ''} would be said as written, so check before Add: ${shown.join(', ')}${more}.`;
}
