/**
 * The device fingerprint (`dfpc`) the sign-up and sign-in send (docs/rules/fields.md "Device
 * fingerprint"): a hash the page computes itself from traits of the browser that stay the same
 * from one visit to the next (its user agent, languages, platform, cores and memory, screen size
 * and colour depth, pixel ratio, time zone, touch points). No third-party script, nothing stored
 * in the browser, and the traits themselves never leave it: only the hash is sent, and the server
 * keeps the sign-up's with the registration (a shared device is a hint for the operator).
 */

/** The traits hashed, in a fixed order (exported for the unit test). */
export function deviceTraits(
  nav: Partial<Navigator> & { deviceMemory?: number },
  screenInfo: Partial<Screen>,
  pixelRatio: number,
  timeZone: string,
): string {
  return [
    'v1',
    nav.userAgent ?? '',
    (nav.languages ?? [nav.language ?? '']).join(','),
    nav.platform ?? '',
    nav.hardwareConcurrency ?? 0,
    nav.deviceMemory ?? 0,
    `${screenInfo.width ?? 0}x${screenInfo.height ?? 0}x${screenInfo.colorDepth ?? 0}`,
    pixelRatio,
    timeZone,
    nav.maxTouchPoints ?? 0,
  ].join('|');
}

/** Two 32-bit FNV-1a hashes with different offsets: 16 hex digits, the same for the same traits. */
export function fingerprintOf(traits: string): string {
  const fnv = (offset: number) => {
    let hash = offset >>> 0;
    for (let i = 0; i < traits.length; i++) {
      hash ^= traits.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, '0');
  };
  return `fp1-${fnv(0x811c9dc5)}${fnv(0x050c5d1f)}`;
}

/** This browser's fingerprint; undefined outside a browser or when a trait cannot be read. */
export function deviceFingerprint(): string | undefined {
  try {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
    return fingerprintOf(deviceTraits(navigator, screen, window.devicePixelRatio ?? 1, timeZone));
  } catch {
    return undefined;
  }
}
