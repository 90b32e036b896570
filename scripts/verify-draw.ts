/**
 * `npm run verify-draw -- --url http://localhost:3000/api/lotteries/<slug>`
 * `npm run verify-draw -- --seed S --lottery-id N --tickets N --places K [--hash H] [--winners 3,7]`
 * Re-runs a lottery's draw (docs/promotions.md "The draw") from its published data: the revealed
 * server seed, the lottery id, the number of tickets and of prize places. Prints the winning
 * tickets; checks sha256(seed) against the hash published before the draw and the winners
 * against the published ones: exit 1 on a mismatch, 2 on bad arguments or a draw not yet made.
 */
import { createHash, createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import { drawTickets, lotterySchema } from '@orbit/contracts';

const USAGE =
  'usage: npm run verify-draw -- --url <lottery url> | --seed <seed> --lottery-id <n> --tickets <n> --places <k> [--hash <sha256 hex>] [--winners <t1,t2,...>]';

function fail(message: string): never {
  console.error(`verify-draw: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

const int = (text: string | undefined, name: string) => {
  if (text === undefined || !/^\d+$/.test(text)) fail(`--${name} must be a non-negative integer`);
  return Number(text);
};

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      url: { type: 'string' },
      seed: { type: 'string' },
      'lottery-id': { type: 'string' },
      tickets: { type: 'string' },
      places: { type: 'string' },
      hash: { type: 'string' },
      winners: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail((error as Error).message);
}

type Published = {
  seed: string;
  lotteryId: number;
  tickets: number;
  places: number;
  hash?: string;
  winners?: number[];
};

async function published(): Promise<Published> {
  if (values.url) {
    const res = await fetch(values.url, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    if (res.status !== 200) fail(`${values.url} answered ${res.status}`);
    const lottery = lotterySchema.parse(await res.json());
    if (!lottery.draw.server_seed) fail('the lottery has not been drawn yet: its seed is still secret');
    return {
      seed: lottery.draw.server_seed,
      lotteryId: lottery.id,
      tickets: lottery.draw.tickets_count,
      places: Math.max(0, ...lottery.prizes.map((p) => p.award_place)),
      hash: lottery.draw.server_seed_hash,
      winners: lottery.draw.winning_tickets,
    };
  }
  if (values.seed === undefined) fail('--url, or --seed with --lottery-id, --tickets and --places, is required');
  const winners = values.winners?.split(',').map((w) => int(w.trim(), 'winners'));
  return {
    seed: values.seed,
    lotteryId: int(values['lottery-id'], 'lottery-id'),
    tickets: int(values.tickets, 'tickets'),
    places: int(values.places, 'places'),
    ...(values.hash ? { hash: values.hash } : {}),
    ...(winners ? { winners } : {}),
  };
}

const data = await published();
const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();
const drawn = await drawTickets(hmac, data.seed, data.lotteryId, data.tickets, data.places);
const commitment = createHash('sha256').update(data.seed).digest('hex');
console.log(`lottery ${data.lotteryId}: ${data.tickets} tickets, ${data.places} places`);
console.log(`sha256(seed) = ${commitment}`);
console.log(`winning tickets: ${drawn.join(', ') || '(none)'}`);
let ok = true;
if (data.hash !== undefined) {
  const same = data.hash.toLowerCase() === commitment;
  console.log(`commitment ${same ? 'matches' : 'DOES NOT MATCH'} the published hash ${data.hash}`);
  ok &&= same;
}
if (data.winners !== undefined) {
  const same = data.winners.join(',') === drawn.join(',');
  console.log(`winners ${same ? 'match' : 'DO NOT MATCH'} the published ${data.winners.join(', ') || '(none)'}`);
  ok &&= same;
}
process.exit(ok ? 0 : 1);
