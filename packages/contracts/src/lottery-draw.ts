/*
 * The lottery draw (docs/promotions.md "The draw"), shared by the server, `npm run verify-draw`
 * and the lottery page, so that all three compute the same winners. The HMAC is handed in
 * (node:crypto on the server, WebCrypto in the browser).
 *
 * Stream: block c = HMAC-SHA256(key = server seed, message = "<lottery id>:<c>"), c = 0, 1, 2 ...
 * Each block gives eight 32-bit big-endian numbers x. With n tickets, x is kept only below
 * the largest multiple of n under 2^32 (rejection sampling: every ticket equally likely); the
 * ticket is x mod n + 1. A ticket already drawn is skipped. Draws stop at min(places, n).
 */

export type Hmac = (key: string, message: string) => Uint8Array | Promise<Uint8Array>;

export const LOTTERY_DRAW_ALGORITHM =
  'HMAC-SHA256(server_seed, "<lottery_id>:<counter>") → uint32 big-endian → rejection sampling below floor(2^32/n)*n → ticket = x mod n + 1, no repeats';

const RANGE = 2 ** 32;

/** Winning ticket numbers (1-based, first place first). */
export async function drawTickets(
  hmac: Hmac,
  serverSeed: string,
  lotteryId: number,
  ticketsCount: number,
  places: number,
): Promise<number[]> {
  const wanted = Math.min(places, ticketsCount);
  if (wanted <= 0) return [];
  const limit = Math.floor(RANGE / ticketsCount) * ticketsCount;
  const drawn: number[] = [];
  const seen = new Set<number>();
  for (let counter = 0; drawn.length < wanted; counter++) {
    const block = await hmac(serverSeed, `${lotteryId}:${counter}`);
    for (let i = 0; i + 4 <= block.length && drawn.length < wanted; i += 4) {
      const x = ((block[i]! << 24) >>> 0) + (block[i + 1]! << 16) + (block[i + 2]! << 8) + block[i + 3]!;
      if (x >= limit) continue;
      const ticket = (x % ticketsCount) + 1;
      if (seen.has(ticket)) continue;
      seen.add(ticket);
      drawn.push(ticket);
    }
  }
  return drawn;
}

/**
 * A weighted pick (loot boxes and wheels): HMAC-SHA256(server seed, "<box id>") → the first
 * uint32 below floor(2^32/total)*total (the next blocks "<box id>:<c>" if rejected) → roll =
 * x mod total; the item is the first whose running weight sum exceeds the roll.
 */
export async function weightedRoll(hmac: Hmac, serverSeed: string, subject: string, totalWeight: number) {
  const limit = Math.floor(RANGE / totalWeight) * totalWeight;
  for (let counter = 0; ; counter++) {
    const block = await hmac(serverSeed, counter === 0 ? subject : `${subject}:${counter}`);
    for (let i = 0; i + 4 <= block.length; i += 4) {
      const x = ((block[i]! << 24) >>> 0) + (block[i + 1]! << 16) + (block[i + 2]! << 8) + block[i + 3]!;
      if (x < limit) return x % totalWeight;
    }
  }
}

/** The index of the item a roll lands on (weights in order). */
export function pickByRoll(weights: readonly number[], roll: number): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i]!;
    if (roll < sum) return i;
  }
  return weights.length - 1;
}
