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
import { locale, resolveLocale, setLocale, t } from './i18n';
import { formatDecimal } from './money';
import { summarise } from './summaries';

const q = new URLSearchParams(location.search);
const root = document.getElementById('fair')!;

/**
 * The page's language: the query's `lang` (the game's verify link passes its own), else the casino
 * page framing it (same origin: its `<html lang>`), else the browser's.
 */
function wantedLang(): string {
  const given = q.get('lang');
  if (given) return given;
  try {
    if (window.parent !== window && window.parent.document.documentElement.lang)
      return window.parent.document.documentElement.lang;
  } catch {
    // A frame on another origin: its language is not readable.
  }
  return navigator.language;
}
// Every text below is in the page's locale: its catalogue is loaded before the page is built.
await setLocale(resolveLocale(wantedLang()));
document.documentElement.lang = locale();

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
  placeholder: t('verifier.commitmentHint'),
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
  placeholder: t('verifier.actionsHint'),
});
const submit = h('button', { type: 'submit', class: 'btn', 'data-testid': 'verify-submit' }, t('verifier.submit'));
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
  { class: 'result', 'aria-live': 'polite', 'aria-label': t('verifier.result'), hidden: true },
  h('div', {}, h('span', { class: 'label' }, t('verifier.hash')), commitmentOut),
  matchOut,
  h('div', {}, h('span', { class: 'label' }, t('verifier.win')), winOut, ' ', stakeOut),
  h(
    'div',
    { 'data-testid': 'verify-result' },
    h('span', { class: 'label' }, t('verifier.outcome')),
    summaryOut,
    h('details', {}, h('summary', {}, t('verifier.outcomeJson')), jsonOut),
  ),
);

const form = h(
  'form',
  { 'aria-label': t('verifier.form') },
  field(t('verifier.game'), gameSelect),
  field(t('verifier.nonce'), nonceInput),
  field(t('verifier.serverSeed'), serverSeedInput, true),
  field(t('verifier.commitment'), hashInput, true),
  field(t('verifier.clientSeed'), clientSeedInput, true),
  field(t('verifier.bet'), betInput, true),
  field(t('verifier.actions'), actionsInput, true),
  h('div', { class: 'row wide' }, submit, seedStatus),
);

root.replaceChildren(
  h(
    'div',
    { class: 'wrap' },
    h('h1', {}, t('verifier.title')),
    h('p', { class: 'muted' }, t('verifier.intro')),
    form,
    errorBox,
    resultBox,
  ),
);

/** An amount in minor units, written the locale's way (the verifier knows no currency). */
const money = (cents: number) => formatDecimal(cents / 100);

function showError(message: string): void {
  errorBox.hidden = false;
  errorBox.textContent = message;
  resultBox.hidden = true;
}

function verify(): void {
  errorBox.hidden = true;
  const game = GAMES[gameSelect.value];
  if (!game) return showError(t('verifier.unknownGame'));
  const serverSeed = serverSeedInput.value.trim();
  if (!serverSeed) return showError(t('verifier.noServerSeed'));
  const nonce = Number(nonceInput.value);
  if (nonceInput.value.trim() === '' || !Number.isSafeInteger(nonce) || nonce < 0)
    return showError(t('verifier.badNonce'));
  let bet: unknown;
  try {
    bet = JSON.parse(betInput.value);
  } catch {
    return showError(t('verifier.badBet'));
  }
  let actions: unknown[] | undefined;
  if (actionsInput.value.trim() !== '') {
    try {
      actions = JSON.parse(actionsInput.value) as unknown[];
    } catch {
      return showError(t('verifier.badActions'));
    }
    if (!Array.isArray(actions)) return showError(t('verifier.actionsList'));
  }
  let result: ReturnType<typeof verifyRound>;
  try {
    result = verifyRound({ game, serverSeed, clientSeed: clientSeedInput.value, nonce, bet, actions });
  } catch (error) {
    return showError(
      error instanceof RangeError
        ? t('verifier.invalidForGame', { game: game.title, reason: error.message })
        : t('verifier.failed', { reason: String(error) }),
    );
  }
  const expected = hashInput.value.trim().toLowerCase();
  commitmentOut.textContent = result.commitment;
  if (!expected) {
    matchOut.className = 'match-none';
    matchOut.dataset.match = 'none';
    matchOut.textContent = t('verifier.noCommitment');
  } else if (expected === result.commitment) {
    matchOut.className = 'match-yes';
    matchOut.dataset.match = 'yes';
    matchOut.textContent = t('verifier.matches');
  } else {
    matchOut.className = 'match-no';
    matchOut.dataset.match = 'no';
    matchOut.textContent = t('verifier.noMatch', { hash: expected });
  }
  winOut.textContent = money(result.win);
  winOut.dataset.cents = String(result.win);
  stakeOut.textContent = t('verifier.stakeWords', { stake: money(result.stake), count: result.words });
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
  seedStatus.textContent = t('verifier.lookingUp');
  try {
    const found = await api.seed(hash);
    if (found.server_seed) {
      serverSeedInput.value = found.server_seed;
      seedStatus.textContent = found.revealed_at
        ? t('verifier.revealedOn', { date: new Date(found.revealed_at).toLocaleString(locale()) })
        : t('verifier.revealed');
      return true;
    }
    seedStatus.textContent = t('verifier.secret');
  } catch (error) {
    seedStatus.textContent =
      error instanceof ApiError && error.status === 404 ? t('verifier.unknownCommitment') : t('verifier.lookupFailed');
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
  document.title = `${GAME_INFO[gameSelect.value]?.title ?? t('verifier.round')} · ${t('verifier.title')}`;
  let ready = serverSeedInput.value !== '';
  if (!ready && hashInput.value) ready = await fetchSeed(hashInput.value.trim().toLowerCase());
  if (ready && nonceInput.value !== '' && betInput.value !== '') verify();
  document.body.dataset.ready = '1';
}

void init();
