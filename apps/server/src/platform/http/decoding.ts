/**
 * Percent-decoding as often as it takes: a check on a path or a parameter name must read what the
 * router or the query parser ends up seeing, whichever spelling hid it (`%252e` is `%2e` is `.`).
 */

/** `text` percent-decoded until nothing changes, or null when malformed or still changing after `rounds`. */
export function decodedFully(text: string, rounds = 4): string | null {
  let current = text;
  for (let round = 0; round <= rounds; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}
