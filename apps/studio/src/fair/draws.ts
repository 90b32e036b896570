/**
 * Provably fair draws (domain-rules.md "Games"): before a round the player sees
 * `sha256(serverSeed)`; the round's randomness is the byte stream
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${cursor}`) for cursor 0, 1, 2 …, read as
 * big-endian 32-bit words. Integers in [0, n) come from those words by rejection sampling, so no
 * outcome is favoured by a modulo. Anyone holding the revealed server seed, the client seed and
 * the nonce recomputes the same draws, hence the same outcome.
 */
import { createHash, createHmac } from 'node:crypto';

/** What a game's mathematics draws from: a uniform integer in [0, n). */
export interface Draws {
  int(n: number): number;
}

const TWO_32 = 0x1_0000_0000;

/** The commitment shown before play: sha256 of the server seed, hex. */
export function commitment(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

/** The draws of one round; `words` counts the 32-bit words consumed (kept with the round for recall). */
export class RoundDraws implements Draws {
  private block: Buffer = Buffer.alloc(0);
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
      this.block = createHmac('sha256', this.serverSeed).update(`${this.clientSeed}:${this.nonce}:${this.cursor}`).digest();
      this.cursor++;
      this.offset = 0;
    }
    const word = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    this.words++;
    return word;
  }

  /** Uniform in [0, n): words at or above the largest multiple of n below 2^32 are drawn again. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`cannot draw from [0, ${n})`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const word = this.uint32();
      if (word < limit) return word % n;
    }
  }
}
