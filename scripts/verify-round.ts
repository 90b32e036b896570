/**
 * `npm run verify-round -- --game <slug> --server-seed S --client-seed C --nonce N --bet '<json>' [--actions '<json>'] [--commitment H]`
 * Recomputes a house game round from its revealed seeds, exactly as the live round was played
 * (`verifyRound`: the game validates the bet, draws come from RoundDraws(S, C, N), then
 * `game.play`; a step game's actions, e.g. blackjack's '["hit","stand"]', replayed by `game.resolve`),
 * and prints the commitment sha256(S), the outcome and the win.
 * With --commitment H, also checks sha256(S) = H (the hash shown before the round): exit 1 if not.
 * Bad arguments (unknown game, bad nonce, bet that is not JSON or not valid for the game): exit 2.
 */
import { parseArgs } from 'node:util';
import { verifyRound } from '../apps/studio/src/fair/verify';
import { GAMES } from '../apps/studio/src/games';

const USAGE =
  "usage: npm run verify-round -- --game <slug> --server-seed <seed> --client-seed <seed> --nonce <n> --bet '<json>' [--actions '<json array>'] [--commitment <sha256 hex>]";

function fail(message: string): never {
  console.error(`verify-round: ${message}`);
  console.error(USAGE);
  console.error(`games: ${Object.keys(GAMES).join(', ')}`);
  process.exit(2);
}

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      game: { type: 'string' },
      'server-seed': { type: 'string' },
      'client-seed': { type: 'string' },
      nonce: { type: 'string' },
      bet: { type: 'string' },
      actions: { type: 'string' },
      commitment: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail((error as Error).message);
}

const slug = values.game;
const serverSeed = values['server-seed'];
const clientSeed = values['client-seed'];
const nonceText = values.nonce;
const betText = values.bet;
if (
  slug === undefined ||
  serverSeed === undefined ||
  clientSeed === undefined ||
  nonceText === undefined ||
  betText === undefined
) {
  fail('--game, --server-seed, --client-seed, --nonce and --bet are required');
}
const game = GAMES[slug];
if (!game) fail(`unknown game "${slug}"`);
if (!/^\d+$/.test(nonceText) || !Number.isSafeInteger(Number(nonceText)))
  fail(`--nonce must be a non-negative integer, got "${nonceText}"`);
const nonce = Number(nonceText);
let bet: unknown;
try {
  bet = JSON.parse(betText);
} catch {
  fail(`--bet is not JSON: ${betText}`);
}
let actions: unknown[] | undefined;
if (values.actions !== undefined) {
  try {
    actions = JSON.parse(values.actions) as unknown[];
  } catch {
    fail(`--actions is not JSON: ${values.actions}`);
  }
  if (!Array.isArray(actions)) fail('--actions must be a JSON array');
}
const expected = values.commitment?.toLowerCase();
if (expected !== undefined && !/^[0-9a-f]{64}$/.test(expected)) fail('--commitment must be 64 hex digits (sha256)');

let round: ReturnType<typeof verifyRound>;
try {
  round = verifyRound({ game, serverSeed, clientSeed, nonce, bet, actions });
} catch (error) {
  if (error instanceof RangeError)
    fail(`the bet or the actions are not valid for ${slug} (${error.message}): ${betText} ${values.actions ?? ''}`);
  throw error;
}

console.log(`game        orbit/${game.slug} (${game.title})`);
console.log(`client seed ${clientSeed}`);
console.log(`nonce       ${nonce}`);
console.log(`commitment  ${round.commitment}   (sha256 of the server seed)`);
console.log(`stake       ${round.stake}`);
console.log(`outcome     ${JSON.stringify(round.outcome)}`);
console.log(`win         ${round.win}`);
if (expected !== undefined) {
  if (expected === round.commitment) {
    console.log(`check       commitment matches: the server seed is the one committed to before the round`);
  } else {
    console.error(`check       MISMATCH: sha256(server seed) = ${round.commitment}, committed ${expected}`);
    process.exit(1);
  }
}
