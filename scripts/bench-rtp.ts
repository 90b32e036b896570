/**
 * `npm run bench:rtp`: the measured return to player of every house game against its exact
 * theoretical RTP, and how many rounds per second its mathematics plays on one core.
 * For each game of the studio's registry, plays BENCH_ROUNDS rounds (default 10,000,000) of the
 * game's `referenceBet`, one after another in the main thread, with a fast CSPRNG draw source:
 * 32-bit words from a large buffer refilled by `crypto.randomFillSync`, turned into integers in
 * [0, n) by the same rejection sampling as the provably fair `RoundDraws` (the HMAC stream is
 * not needed to measure the mathematics, and would dominate the time).
 * Prints per game: rounds, measured RTP, its 99 % confidence interval
 * (measured ± 2.576 × sqrt(sample variance / N)), the theoretical RTP, whether the theoretical
 * lies inside the interval, and rounds per second; then a table of all games.
 * BENCH_GAMES=slug,slug limits the run to some games.
 */
import { randomFillSync } from 'node:crypto';
import { GAMES, type AnyGameMath } from '../apps/studio/src/games';
import { uniformInt, type Draws } from '../apps/studio/src/fair/draws';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10_000_000);
const ONLY = process.env.BENCH_GAMES?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const Z_99 = 2.576;

if (!Number.isSafeInteger(ROUNDS) || ROUNDS < 2) {
  console.error('BENCH_ROUNDS must be an integer ≥ 2');
  process.exit(2);
}
const unknown = (ONLY ?? []).filter((slug) => !GAMES[slug]);
if (unknown.length) {
  console.error(`unknown game(s): ${unknown.join(', ')}; games: ${Object.keys(GAMES).join(', ')}`);
  process.exit(2);
}

/** Uniform draws from the operating system's CSPRNG, 64 KiB at a time. */
class CsprngDraws implements Draws {
  private readonly words = new Uint32Array(16_384);
  private next = this.words.length;

  uint32(): number {
    if (this.next === this.words.length) {
      randomFillSync(this.words);
      this.next = 0;
    }
    return this.words[this.next++]!;
  }

  /** Uniform in [0, n), with the same rejection sampling as the provably fair draws. */
  int(n: number): number {
    return uniformInt(n, this.next32);
  }

  private readonly next32 = () => this.uint32();
}

type Result = {
  slug: string;
  rounds: number;
  measured: number;
  low: number;
  high: number;
  theoretical: number;
  inside: boolean;
  perSecond: number;
};

function bench(game: AnyGameMath): Result {
  const bet: unknown = game.parseBet(game.referenceBet);
  const stake = game.stake(bet);
  const draws = new CsprngDraws();
  let sum = 0;
  let sumSquares = 0;
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    // A step game's doubles and splits stake more than the opening bet: counted against the return.
    const round: { win: number; stake?: number } = game.play(draws, bet);
    const r = (round.win - ((round.stake ?? stake) - stake)) / stake;
    sum += r;
    sumSquares += r * r;
  }
  const seconds = (performance.now() - started) / 1000;
  const measured = sum / ROUNDS;
  const variance = Math.max(0, (sumSquares - ROUNDS * measured * measured) / (ROUNDS - 1));
  const half = Z_99 * Math.sqrt(variance / ROUNDS);
  const theoretical = game.theoreticalRtp();
  return {
    slug: game.slug,
    rounds: ROUNDS,
    measured,
    low: measured - half,
    high: measured + half,
    theoretical,
    inside: theoretical >= measured - half && theoretical <= measured + half,
    perSecond: ROUNDS / seconds,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(3)} %`;
const games = Object.values(GAMES).filter((g) => !ONLY || ONLY.includes(g.slug));
console.log(`bench:rtp: ${ROUNDS.toLocaleString('en')} rounds of each game's reference bet, CSPRNG draws, one core`);
const results: Result[] = [];
for (const game of games) {
  const r = bench(game);
  results.push(r);
  console.log(
    `${r.slug}: ${r.rounds.toLocaleString('en')} rounds, measured ${pct(r.measured)}, 99 % CI [${pct(r.low)}, ${pct(r.high)}], ` +
      `theoretical ${pct(r.theoretical)} ${r.inside ? 'inside' : 'OUTSIDE'} the interval, ${Math.round(r.perSecond).toLocaleString('en')} rounds/s`,
  );
}

const header = ['game', 'rounds', 'measured RTP', '99 % CI', 'theoretical', 'inside', 'rounds/s'];
const rows = results.map((r) => [
  r.slug,
  r.rounds.toLocaleString('en'),
  pct(r.measured),
  `${pct(r.low)} … ${pct(r.high)}`,
  pct(r.theoretical),
  r.inside ? 'yes' : 'NO',
  Math.round(r.perSecond).toLocaleString('en'),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log('');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(line(row));
const outside = results.filter((r) => !r.inside).length;
if (outside)
  console.log(
    `\n${outside} game(s) with the theoretical RTP outside the 99 % interval (expect about 1 in 100 by chance; rerun before suspecting the maths).`,
  );
