/**
 * Provably fair draws (docs/provider-protocol.md, the studio's README): before a round the player sees
 * `sha256(serverSeed)`; the round's randomness is the byte stream
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`) for cursor 0, 1, 2 …, read as
 * big-endian 32-bit words. Integers in [0, n) come from those words by rejection sampling, so no
 * outcome is favoured by a modulo. Anyone holding the revealed server seed, the client seed and
 * the nonce recomputes the same draws, hence the same outcome.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** What a game's mathematics draws from: a uniform integer in [0, n). */
export interface Draws {
  int(n: number): number;
}

const TWO_32 = 0x1_0000_0000;

/** HMAC-SHA256 over UTF-8 strings (isomorphic: Node and the browser's verifier). */
function hmacSha256(key: string, message: string): Uint8Array {
  return hmac(sha256, utf8ToBytes(key), utf8ToBytes(message));
}

/**
 * HMAC-SHA256 keyed with `key`, to be cloned for each message: keying hashes two blocks, as much as
 * the message itself, and a seed pair serves many rounds in a row, so the last keyed state is kept.
 */
let lastKeyed: { key: string; hmac: ReturnType<typeof hmac.create> } | undefined;
function keyedHmac(key: string): ReturnType<typeof hmac.create> {
  if (lastKeyed?.key !== key) lastKeyed = { key, hmac: hmac.create(sha256, utf8ToBytes(key)) };
  return lastKeyed.hmac;
}

/** The big-endian unsigned 32-bit word at `offset`. */
function readUint32BE(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
}

/** The commitment shown before play: sha256 of the server seed, hex. */
export function commitment(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** The draws of one round; `words` counts the 32-bit words consumed (kept with the round for recall). */
export class RoundDraws implements Draws {
  private block: Uint8Array = new Uint8Array(0);
  private offset = 0;
  private cursor = 0;
  words = 0;

  constructor(
    private readonly serverSeed: string,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {
    if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative safe integer');
  }

  /** The next uniform 32-bit word of the stream. */
  uint32(): number {
    if (this.offset + 4 > this.block.length) {
      this.block = keyedHmac(this.serverSeed)
        .clone()
        .update(utf8ToBytes(`${this.clientSeed}:${this.nonce}:${this.cursor}`))
        .digest();
      this.cursor++;
      this.offset = 0;
    }
    const word = readUint32BE(this.block, this.offset);
    this.offset += 4;
    this.words++;
    return word;
  }

  /** Uniform in [0, n), see `uniformInt`. */
  int(n: number): number {
    return uniformInt(n, () => this.uint32());
  }
}

/**
 * Uniform in [0, n) from a source of uniform 32-bit words, by rejection sampling: words at or
 * above the largest multiple of n below 2^32 are drawn again, so no value is favoured by the modulo.
 */
export function uniformInt(n: number, nextUint32: () => number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`cannot draw from [0, ${n})`);
  // 2^32 mod n in 32-bit integer arithmetic ((2^32 − n) mod n): the same value as the float
  // remainder, and much cheaper on every draw.
  const limit = TWO_32 - ((-n >>> 0) % n);
  for (;;) {
    const word = nextUint32();
    if (word < limit) return word % n;
  }
}

/**
 * The round's jackpot draw: the first big-endian 32-bit word of
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:jackpot`). A stream of its own, so it never
 * depends on how many words the game consumed. The studio sends it with the bet of a jackpot game
 * and the platform compares it with each level's trigger probability (docs/provider-protocol.md).
 */
export function jackpotDraw(serverSeed: string, clientSeed: string, nonce: number): number {
  return readUint32BE(hmacSha256(serverSeed, `${clientSeed}:${nonce}:jackpot`), 0);
}
