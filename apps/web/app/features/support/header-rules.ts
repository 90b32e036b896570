/**
 * The rules the header's part of the support chat needs (docs/rules/page-shell.md "Support
 * chat"), apart from `rules.ts`: these are in the lobby's first JavaScript, the chat's own rules
 * come with its code.
 */

/** The header's counter: none for no unread answer, "1" for one, "1+" for more. */
export function supportCounterText(unread: number): string | null {
  if (!(unread >= 1)) return null;
  return unread > 1 ? '1+' : '1';
}

/**
 * Addresses that open the chat (docs/rules/routes-and-guards.md "Popups"): `#support` at once,
 * `#chat` after a second (the page settles first); the delay in milliseconds, null for any other.
 */
export function chatHashDelay(hash: string): number | null {
  if (hash === '#support') return 0;
  if (hash === '#chat') return 1000;
  return null;
}
