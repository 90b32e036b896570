/**
 * Recovery codes on the security tab: the text file the player downloads (or copies) when the
 * server hands out new codes, the only time it shows them.
 */

/** The name of the downloaded file. */
export const RECOVERY_CODES_FILE_NAME = 'orbit-recovery-codes.txt';

/**
 * The codes as plain text: a title, what they are for, one numbered code a line, and when they
 * were made (so an older printout can be told from a newer one). `issued` is already written the
 * page's way.
 */
export function recoveryCodesText(
  texts: { title: string; intro: string; issued: string },
  codes: readonly string[],
): string {
  const width = String(codes.length).length;
  const lines = codes.map((code, i) => `${String(i + 1).padStart(width, ' ')}. ${code}`);
  return [texts.title, '', texts.intro, '', ...lines, '', texts.issued, ''].join('\n');
}

/** The codes one a line, as copied to the clipboard. */
export function recoveryCodesClipboard(codes: readonly string[]): string {
  return codes.join('\n');
}
