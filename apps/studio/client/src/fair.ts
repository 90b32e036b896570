/**
 * The verifier (`/studio/fair?game=…&server_seed=…|server_seed_hash=…&client_seed=…&nonce=…&bet=…`):
 * recomputes a round in the browser with the very code the server plays it with — the game's
 * mathematics (`src/games/<slug>/math.ts`) fed by `RoundDraws` (`src/fair/draws.ts`) through
 * `verifyRound` — and compares sha256(server seed) with the commitment shown before the round.
 */
import './styles.css';
import { verifyRound } from '../../src/fair/verify';
import { GAMES } from '../../src/games';
import { api, ApiError } from './api';
import { GAME_INFO } from './catalog';
import { h } from './dom';
import { formatAmount } from './money';
import { summarise } from './summaries';

const q = new URLSearchParams(location.search);
const root = document.getElementById('fair')!;

const field = (label: string, control: HTMLElement, wide = false) =>
  h('div', { class: `field${wide ? ' wide' : ''}` }, h('label', { class: 'label', for: control.id }, label), control);

const gameSelect = h(
  'select',
  { id: 'game', name: 'game', 'data-testid': 'verify-game' },
  ...Object.values(GAMES).map((g) => h('option', { value: g.slug }, g.title)),
);
const serverSeedInput = h('input', {
  id: 'server_seed',
  name: 'server_seed',
  'data-testid': 'verify-server-seed',
  autocomplete: 'off',
  spellcheck: 'false',
});
const hashInput = h('input', {
  id: 'server_seed_hash',
  name: 'server_seed_hash',
  'data-testid': 'verify-server-seed-hash',
  autocomplete: 'off',
  spellcheck: 'false',
  placeholder: 'the commitment shown before the round',
});
const clientSeedInput = h('input', {
  id: 'client_seed',
  name: 'client_seed',
  'data-testid': 'verify-client-seed',
  autocomplete: 'off',
  spellcheck: 'false',
});
const nonceInput = h('input', {
  id: 'nonce',
  name: 'nonce',
  type: 'number',
  min: '0',
  step: '1',
  'data-testid': 'verify-nonce',
});
const betInput = h('textarea', {
  id: 'bet',
  name: 'bet',
  'data-testid': 'verify-bet',
  spellcheck: 'false',
  placeholder: '{"stake": 100, "target": 5000, "direction": "under"}',
});
const actionsInput = h('textarea', {
  id: 'actions',
  name: 'actions',
  'data-testid': 'verify-actions',
  spellcheck: 'false',
  placeholder: 'Blackjack and video poker: the actions in order, e.g. ["hit", "stand"]',
});
const submit = h('button', { type: 'submit', class: 'btn', 'data-testid': 'verify-submit' }, 'Verify');
const seedStatus = h('p', { class: 'muted', 'data-testid': 'seed-status', 'aria-live': 'polite' });
const errorBox = h('p', { class: 'match-no', role: 'alert', 'data-testid': 'verify-error', hidden: true });

const commitmentOut = h('code', { class: 'hash', 'data-testid': 'verify-commitment' });
const matchOut = h('p', { 'data-testid': 'verify-match' });
const summaryOut = h('p', { class: 'summary' });
const jsonOut = h('pre', {});
const winOut = h('output', { class: 'value', 'data-testid': 'verify-win' });
const stakeOut = h('span', { class: 'muted' });
const resultBox = h(
  'section',
  { class: 'result', 'aria-live': 'polite', 'aria-label': 'Result', hidden: true },
  h('div', {}, h('span', { class: 'label' }, 'sha256(server seed)'), commitmentOut),
  matchOut,
  h('div', {}, h('span', { class: 'label' }, 'Win'), winOut, ' ', stakeOut),
  h(
    'div',
    { 'data-testid': 'verify-result' },
    h('span', { class: 'label' }, 'Outcome'),
    summaryOut,
    h('details', {}, h('summary', {}, 'Outcome JSON'), jsonOut),
  ),
);

const form = h(
  'form',
  { 'aria-label': 'Round to verify' },
  field('Game', gameSelect),
  field('Nonce', nonceInput),
  field('Server seed (revealed)', serverSeedInput, true),
  field('Server seed hash (commitment)', hashInput, true),
  field('Client seed', clientSeedInput, true),
  field('Bet (JSON)', betInput, true),
  field('Actions (JSON, step games)', actionsInput, true),
  h('div', { class: 'row wide' }, submit, seedStatus),
);

root.replaceChildren(
  h(
    'div',
    { class: 'wrap' },
    h('h1', {}, 'Provably fair verifier'),
    h(
      'p',
      { class: 'muted' },
      'Recomputes a round in your browser with the game’s own code: the draws are HMAC-SHA256(server seed, "client seed:nonce:cursor"), and the outcome is the game’s mathematics applied to them. The server seed must hash (sha256) to the commitment you saw before playing.',
    ),
    form,
    errorBox,
    resultBox,
  ),
);

function showError(message: string): void {
  errorBox.hidden = false;
  errorBox.textContent = message;
  resultBox.hidden = true;
}

function verify(): void {
  errorBox.hidden = true;
  const game = GAMES[gameSelect.value];
  if (!game) return showError('Unknown game.');
  const serverSeed = serverSeedInput.value.trim();
  if (!serverSeed) return showError('Enter the revealed server seed.');
  const nonce = Number(nonceInput.value);
  if (nonceInput.value.trim() === '' || !Number.isSafeInteger(nonce) || nonce < 0)
    return showError('The nonce is a whole number from 0.');
  let bet: unknown;
  try {
    bet = JSON.parse(betInput.value);
  } catch {
    return showError('The bet is not valid JSON.');
  }
  let actions: unknown[] | undefined;
  if (actionsInput.value.trim() !== '') {
    try {
      actions = JSON.parse(actionsInput.value) as unknown[];
    } catch {
      return showError('The actions are not valid JSON.');
    }
    if (!Array.isArray(actions)) return showError('The actions are a JSON list, e.g. ["hit", "stand"].');
  }
  let result: ReturnType<typeof verifyRound>;
  try {
    result = verifyRound({ game, serverSeed, clientSeed: clientSeedInput.value, nonce, bet, actions });
  } catch (error) {
    return showError(
      error instanceof RangeError
        ? `The bet or the actions are not valid for ${game.title} (${error.message}).`
        : `The round could not be recomputed: ${String(error)}`,
    );
  }
  const expected = hashInput.value.trim().toLowerCase();
  commitmentOut.textContent = result.commitment;
  if (!expected) {
    matchOut.className = 'match-none';
    matchOut.dataset.match = 'none';
    matchOut.textContent = 'No commitment given: compare this hash with the one shown before the round.';
  } else if (expected === result.commitment) {
    matchOut.className = 'match-yes';
    matchOut.dataset.match = 'yes';
    matchOut.textContent = '✓ Matches the commitment: this server seed was fixed before the round.';
  } else {
    matchOut.className = 'match-no';
    matchOut.dataset.match = 'no';
    matchOut.textContent = `✗ Does not match the commitment ${expected}.`;
  }
  winOut.textContent = formatAmount(result.win);
  winOut.dataset.cents = String(result.win);
  stakeOut.textContent = `(stake ${formatAmount(result.stake)}, ${result.words} random words used)`;
  summaryOut.textContent = summarise(game.slug, result.outcome).join('\n');
  jsonOut.textContent = JSON.stringify(result.outcome, null, 2);
  resultBox.hidden = false;
  resultBox.dataset.game = game.slug;
  document.body.dataset.verified = String(Number(document.body.dataset.verified ?? '0') + 1);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  verify();
});

/** Fills the server seed from the studio when the query names only its commitment. */
async function fetchSeed(hash: string): Promise<boolean> {
  seedStatus.textContent = 'Looking up the server seed…';
  try {
    const found = await api.seed(hash);
    if (found.server_seed) {
      serverSeedInput.value = found.server_seed;
      seedStatus.textContent = `Server seed revealed${found.revealed_at ? ` on ${new Date(found.revealed_at).toLocaleString()}` : ''}.`;
      return true;
    }
    seedStatus.textContent =
      'This server seed is still secret: it is revealed when the player rotates the seed (“Rotate seed” in the game’s Provably fair panel). Come back after rotating it to verify this round.';
  } catch (error) {
    seedStatus.textContent =
      error instanceof ApiError && error.status === 404
        ? 'The studio does not know this commitment.'
        : 'The server seed could not be looked up right now.';
  }
  return false;
}

async function init(): Promise<void> {
  const game = q.get('game') ?? '';
  if (GAMES[game]) gameSelect.value = game;
  serverSeedInput.value = q.get('server_seed') ?? '';
  hashInput.value = q.get('server_seed_hash') ?? '';
  clientSeedInput.value = q.get('client_seed') ?? '';
  nonceInput.value = q.get('nonce') ?? '';
  actionsInput.value = q.get('actions') ?? '';
  const bet = q.get('bet');
  if (bet) {
    try {
      betInput.value = JSON.stringify(JSON.parse(bet));
    } catch {
      betInput.value = bet;
    }
  }
  document.title = `${GAME_INFO[gameSelect.value]?.title ?? 'Round'} · Provably fair verifier`;
  let ready = serverSeedInput.value !== '';
  if (!ready && hashInput.value) ready = await fetchSeed(hashInput.value.trim().toLowerCase());
  if (ready && nonceInput.value !== '' && betInput.value !== '') verify();
  document.body.dataset.ready = '1';
}

void init();
