/**
 * Splits `text` around the first case-insensitive occurrence of `keyword` so the match can be
 * emphasised. Matches the server found another way (초성, kana, romaji) are not marked.
 */
export function splitHighlight(text: string, keyword: string): [string, string, string] | null {
  const needle = keyword.trim().normalize('NFKC').toLowerCase();
  if (!needle) return null;
  const at = text.normalize('NFKC').toLowerCase().indexOf(needle);
  if (at < 0 || text.normalize('NFKC').length !== text.length) return null;
  return [text.slice(0, at), text.slice(at, at + needle.length), text.slice(at + needle.length)];
}
