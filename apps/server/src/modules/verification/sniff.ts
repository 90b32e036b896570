/** The document types accepted, recognised by their first bytes (never by name or declared type). */
const SIGNATURES: ReadonlyArray<{
  type: 'application/pdf' | 'image/jpeg' | 'image/png';
  ext: string;
  magic: number[];
}> = [
  { type: 'application/pdf', ext: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** Bytes needed to decide. */
export const SNIFF_BYTES = 8;

export type SniffedType = { type: 'application/pdf' | 'image/jpeg' | 'image/png'; ext: string };

export function sniffContentType(head: Uint8Array): SniffedType | null {
  for (const s of SIGNATURES) {
    if (head.length >= s.magic.length && s.magic.every((b, i) => head[i] === b)) return { type: s.type, ext: s.ext };
  }
  return null;
}

/**
 * The player's file name as metadata: the last path segment, control and path characters
 * dropped, whitespace collapsed, at most 255 characters; null when nothing is left.
 */
export function sanitiseFileName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const truncated = Array.from(cleaned).slice(0, 255).join('');
  return truncated === '' ? null : truncated;
}
