/**
 * The game page (`/studio/play/{game}?mode=…&launch_token=…&currency=…&licence=…&lobby_url=…&deposit_url=…`):
 * one shell for every game (balance, stake, play, last win, sound, quick spin, provably fair panel,
 * errors) around the game's renderer (`games/<slug>.ts`, loaded on demand).
 *
 * A round: the renderer starts its animation at once, the round is played on the server, and the
 * result is shown only when the server has answered AND the animation has lasted the licence's
 * minimum spin time (or about 300 ms with quick spin, where the licence allows it).
 */
import './styles.css';
import {
  CLIENT_SEED,
  DEMO_CURRENCY,
  type CreateSessionRequest,
  type Fair,
  type FreeSpins,
  type RoundResponse,
} from '../../src/protocol';
import { api, ApiError, sessionFrom, studioPrefix, type Session } from './api';
import { GAME_INFO } from './catalog';
import { animate, easeOutCubic, h, sleep, svg } from './dom';
import { locale, resolveLocale, setLocale, t } from './i18n';
import { formatMoney } from './money';
import type { GameRenderer, RendererFactory, ShellContext, Timing } from './renderer';
import { Sound } from './sound';
import { capStakes, refusedCap } from './stake-cap';

const QUICK_MS = 300;
/** Kept between two rounds' requests on top of the licence's minimum (the server measures it too). */
const SPACING_MARGIN_MS = 150;

const RENDERERS: Record<string, () => Promise<{ create: RendererFactory }>> = {
  'stellar-sevens': () => import('./games/stellar-sevens'),
  'nebula-ways': () => import('./games/nebula-ways'),
  'cosmic-clusters': () => import('./games/cosmic-clusters'),
  'european-roulette': () => import('./games/european-roulette'),
  'orbit-dice': () => import('./games/orbit-dice'),
  'rocket-crash': () => import('./games/rocket-crash'),
  'orbit-plinko': () => import('./games/orbit-plinko'),
  'orbit-keno': () => import('./games/orbit-keno'),
  'meteor-tumble': () => import('./games/meteor-tumble'),
  'lunar-link': () => import('./games/lunar-link'),
  'warp-ways': () => import('./games/warp-ways'),
  'nova-sevens': () => import('./games/nova-sevens'),
  'saturn-wheel': () => import('./games/saturn-wheel'),
  'orbit-video-poker': () => import('./games/orbit-video-poker'),
  'orbit-blackjack': () => import('./games/orbit-blackjack'),
};

/** A refusal's words for the player (`errors.<code>` of the catalogues), or null for a code without them. */
function messageFor(code: string): string | null {
  const text = t(`errors.${code}`);
  return text === `errors.${code}` ? null : text;
}
/** A free spin's refusals after which the session's free spins are gone. */
const FREE_SPINS_GONE = new Set(['no_free_spins', 'freespins_used', 'freespin_not_found']);
const LIMIT_CODES = new Set(['limit_reached', 'player_excluded']);

/** Errors after which no round can be played any more on this page. */
const BLOCKING = new Set([
  'limit_reached',
  'player_excluded',
  'game_disabled',
  'session_not_found',
  'unknown_game',
  'game_not_found',
  'invalid_launch_token',
  'invalid_session',
  'wrong_currency',
  'bonus_game_restricted',
]);

type Launch = {
  game: string;
  mode: 'real' | 'demo';
  launchToken: string | null;
  currency: string;
  licence: string;
  lobbyUrl: string | null;
  depositUrl: string | null;
  /** The casino page's locale (`lang`, e.g. `de`, `fr-CA`): the page speaks it. */
  lang: string;
  /** The stake cap the launch named (`max_bet_cents`: the running bonus's max bet); the session's answer stands for it. */
  maxBet: number | null;
};

function capFrom(value: string | null): number | null {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

function readLaunch(): Launch {
  const q = new URLSearchParams(location.search);
  const segments = location.pathname.split('/').filter(Boolean);
  const fromPath = location.pathname.includes('/play/') ? decodeURIComponent(segments[segments.length - 1] ?? '') : '';
  const mode = q.get('mode') === 'real' ? 'real' : 'demo';
  return {
    game: fromPath || q.get('game') || '',
    mode,
    launchToken: q.get('launch_token'),
    currency: q.get('currency') || (mode === 'demo' ? 'FUN' : ''),
    licence: (q.get('licence') || 'CW').toUpperCase(),
    lobbyUrl: safeUrl(q.get('lobby_url')),
    depositUrl: safeUrl(q.get('deposit_url')),
    lang: q.get('lang') || 'en',
    maxBet: capFrom(q.get('max_bet_cents')),
  };
}

/** Only http(s) or same-origin paths become links (never `javascript:`). */
function safeUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, location.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const launch = readLaunch();
// Every text below is in the page's locale: its catalogue is loaded before the page is built.
await setLocale(resolveLocale(launch.lang));
document.documentElement.lang = resolveLocale(launch.lang);
const info = GAME_INFO[launch.game];
const sound = new Sound();
const app = document.getElementById('app')!;
document.title = `${info?.title ?? t('shell.game')} · Orbit Originals`;
document.body.dataset.rounds = '0';

// ---- the shell's elements ------------------------------------------------------------------------

const status = h('div', { class: 'sr-only', 'aria-live': 'polite', role: 'status' });
// The banner's text alone carries `data-testid="error"` (its buttons are beside it).
const errorText = h('span', { class: 'error-text', role: 'alert', 'data-testid': 'error' });
const depositLink = h(
  'a',
  { class: 'btn btn-deposit', target: '_top', rel: 'noopener', hidden: true, 'data-testid': 'deposit' },
  t('shell.deposit'),
);
// The casino's limits page, opened in the top window, beside a refusal for the player's limits.
const limitsLink = h(
  'a',
  { class: 'btn', target: '_top', rel: 'noopener', hidden: true, 'data-testid': 'limits-link' },
  t('shell.seeLimits'),
);
const errorClose = h('button', { type: 'button', class: 'error-close', 'aria-label': t('shell.dismiss') });
const errorBanner = h('div', { class: 'error-banner', hidden: true }, errorText, depositLink, limitsLink, errorClose);
const notice = h('div', { class: 'notice', role: 'status', 'data-testid': 'notice', hidden: true });
// The free spins the casino granted: played first (Play says so), at their own stake.
const freeSpinsBanner = h('div', {
  class: 'free-spins',
  role: 'status',
  'data-testid': 'free-spins-grant',
  hidden: true,
});
// The stake cap (the running bonus's max bet): why the stakes above it cannot be chosen.
const stakeCapNote = h('div', { class: 'stake-cap', role: 'status', 'data-testid': 'stake-cap', hidden: true });

const balanceOut = h('output', { class: 'value', 'data-testid': 'balance', 'aria-label': t('shell.balance') }, '…');
const stakeSelect = h('select', { 'data-testid': 'stake', 'aria-label': t('shell.stake'), id: 'stake' });
const stakeLabel = h('label', { for: 'stake', class: 'label' }, t('shell.stake'));
const totalOut = h('span', { class: 'total', 'data-testid': 'total-stake', hidden: true });
// In the stake selector's place while free spins are played: their stake, which the player does not choose.
const freeStakeOut = h('output', { class: 'value', 'data-testid': 'free-stake', hidden: true });
const playButton = h(
  'button',
  { type: 'button', class: 'play', 'data-testid': 'play', disabled: true },
  t('shell.play'),
);
const lastWinOut = h('output', { class: 'value', 'data-testid': 'last-win', 'aria-label': t('shell.lastWin') }, '—');
const soundButton = h('button', {
  type: 'button',
  class: 'toggle',
  'data-testid': 'sound',
  'aria-label': t('shell.sound'),
  'aria-pressed': 'false',
  title: t('shell.sound'),
});
const quickButton = h(
  'button',
  {
    type: 'button',
    class: 'toggle',
    'data-testid': 'quick-spin',
    'aria-label': t('shell.quickSpin'),
    'aria-pressed': 'false',
    title: t('shell.quickSpin'),
  },
  // A lightning bolt (SVG: no emoji font needed).
  svg(
    'svg',
    { viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': 'true' },
    svg('path', { d: 'M13 2 4 14h7l-1 8 9-12h-7z', fill: 'currentColor' }),
  ),
);

const commitmentOut = h('code', { class: 'hash', 'data-testid': 'commitment' }, '…');
const nextNonceOut = h('span', { 'data-testid': 'next-nonce' }, '…');
const seedInput = h('input', {
  type: 'text',
  id: 'client-seed',
  'data-testid': 'client-seed',
  'aria-label': t('fair.clientSeed'),
  maxlength: 64,
  autocomplete: 'off',
  spellcheck: 'false',
});
const seedSave = h('button', { type: 'submit', class: 'btn', 'aria-label': t('fair.saveSeed') }, t('fair.save'));
const seedStatus = h('span', { class: 'muted', 'aria-live': 'polite' });
const rotateButton = h(
  'button',
  { type: 'button', class: 'btn', 'data-testid': 'rotate', 'aria-label': t('fair.rotate') },
  t('fair.rotate'),
);
const revealedSeed = h('code', { class: 'hash', 'data-testid': 'revealed-seed' });
const revealedHash = h('code', { class: 'hash muted' });
const revealedBox = h(
  'div',
  { class: 'revealed', hidden: true },
  h('span', { class: 'label' }, t('fair.revealed')),
  revealedSeed,
  h('span', { class: 'label' }, t('fair.itsHash')),
  revealedHash,
);
const lastNonceOut = h('span', { 'data-testid': 'last-nonce' });
const verifyLink = h('a', { 'data-testid': 'verify-link', target: '_top', rel: 'noopener' }, t('fair.verify'));
const lastRoundBox = h(
  'p',
  { class: 'last-round', hidden: true },
  t('fair.lastRound'),
  lastNonceOut,
  ' · ',
  verifyLink,
);

const stage = h('section', { class: 'stage', 'aria-label': t('shell.game') });
// The win's presentation over the stage: the amount counted up, bigger with the win (a big-win moment).
const winTitle = h('span', { class: 'win-title' });
const winAmount = h('span', { class: 'win-amount', 'data-testid': 'win-show-amount' });
const winShow = h(
  'div',
  { class: 'win-show', 'data-testid': 'win-show', 'aria-hidden': 'true', hidden: true },
  winTitle,
  winAmount,
);
// Below wide frames the provably fair panel is a sheet over the game, opened from the header.
const fairToggle = h(
  'button',
  {
    type: 'button',
    class: 'btn fair-toggle',
    'data-testid': 'fair-toggle',
    'aria-expanded': 'false',
    'aria-controls': 'fair-panel',
  },
  t('shell.fair'),
);
const fairClose = h('button', {
  type: 'button',
  class: 'error-close fair-close',
  'aria-label': t('fair.close'),
});
const controls = h('section', { class: 'game-controls', 'aria-label': t('shell.betOptions') });

// ---- state ---------------------------------------------------------------------------------------

let session: Session | null = null;
let renderer: GameRenderer | null = null;
let busy = false;
let blocked = false;
let quickOn = false;
let rounds = 0;
/** performance.now() before which the next round is not sent (the licence's spacing). */
let notBefore = 0;

const money = (cents: number) => formatMoney(cents, session?.currency ?? launch.currency ?? '');

function setBalance(cents: number): void {
  balanceOut.textContent = money(cents);
  balanceOut.dataset.cents = String(cents);
}

function setLastWin(cents: number | null): void {
  lastWinOut.textContent = cents === null ? '—' : money(cents);
  if (cents === null) delete lastWinOut.dataset.cents;
  else lastWinOut.dataset.cents = String(cents);
  lastWinOut.classList.toggle('won', (cents ?? 0) > 0);
}

function showError(code: string, message?: string, body: Record<string, unknown> = {}): void {
  errorBanner.hidden = false;
  errorText.dataset.code = code;
  errorText.textContent = message ?? messageFor(code) ?? t('shell.somethingWrong', { code });
  // A refusal for a bet above the cap tells the cap in force now (a bonus started or ended since the launch).
  // Every game's refusals come here (Rocket Crash's live bets too, through `ctx.fail`).
  const refused = refusedCap(code, body);
  if (session && refused !== undefined) {
    session.maxBet = refused;
    applyStakeCap();
  }
  const limitsPage =
    LIMIT_CODES.has(code) && session?.mode === 'real' && launch.lobbyUrl !== null
      ? new URL('/profile/limits', launch.lobbyUrl).href
      : null;
  limitsLink.hidden = limitsPage === null;
  if (limitsPage) limitsLink.href = limitsPage;
  const canDeposit = code === 'insufficient_funds' && session?.mode === 'real' && launch.depositUrl !== null;
  depositLink.hidden = !canDeposit;
  if (canDeposit) depositLink.href = launch.depositUrl!;
  if (typeof body.balance_cents === 'number' && session) {
    session.balance = body.balance_cents;
    setBalance(session.balance);
  }
  if (BLOCKING.has(code)) {
    blocked = true;
    errorClose.hidden = true;
  } else {
    errorClose.hidden = false;
  }
  sound.play('error');
  refreshControls();
}

function clearError(): void {
  if (blocked) return;
  errorBanner.hidden = true;
  errorText.textContent = '';
  delete errorText.dataset.code;
}

/** The free spins the next round plays, while any are left. */
const freeSpins = (): FreeSpins | null => (session?.freeSpins && session.freeSpins.left > 0 ? session.freeSpins : null);

/** The free spins banner and the play button's label: "Free spin" while any are left. */
function renderFreeSpins(): void {
  const free = freeSpins();
  freeSpinsBanner.hidden = free === null;
  stakeSelect.hidden = free !== null;
  freeStakeOut.hidden = free === null;
  if (free) {
    freeStakeOut.textContent = money(free.bet_level_cents);
    const won = free.won_cents > 0 ? t('shell.freeSpinsWon', { amount: money(free.won_cents) }) : '';
    freeSpinsBanner.textContent =
      t('shell.freeSpinsLeft', { left: free.left, stake: money(free.bet_level_cents) }) + won;
    freeSpinsBanner.dataset.left = String(free.left);
  }
  if (!renderer) return;
  const label = free ? t('shell.freeSpin') : renderer.playLabel;
  playButton.textContent = label;
  playButton.setAttribute('aria-label', label);
  playButton.classList.toggle('free', free !== null);
}

/**
 * The session's free spins after a round (`free_spins` of a real round's answer). When a free spin
 * played the last one, the player is told what they won and where it goes.
 */
function noteFreeSpins(next: FreeSpins | null, freeWin: number | null): void {
  if (!session) return;
  const before = session.freeSpins;
  session.freeSpins = next;
  if (freeWin !== null && before && !next) {
    const won = before.won_cents + freeWin;
    notice.hidden = false;
    notice.textContent = won > 0 ? t('shell.freeSpinsOverWon', { amount: money(won) }) : t('shell.freeSpinsOver');
  }
  renderFreeSpins();
}

/** The stake cap in force (the running bonus's max bet), or null. */
const stakeCap = (): number | null => (session ? session.maxBet : launch.maxBet);

/**
 * Offers no stake (or chip) above the cap: those options are disabled and the note says why; a
 * stake above it moves to the highest one allowed. Called at the start and whenever the cap changes.
 */
function applyStakeCap(): void {
  const cap = stakeCap();
  const options = [...stakeSelect.options];
  const { over, selected } = capStakes(
    options.map((option) => Number(option.value)),
    Number(stakeSelect.value),
    cap,
  );
  options.forEach((option, i) => {
    option.disabled = over[i]!;
    option.textContent = over[i]
      ? t('cap.option', { amount: money(Number(option.value)) })
      : money(Number(option.value));
  });
  if (selected !== null && selected !== Number(stakeSelect.value)) {
    stakeSelect.value = String(selected);
    renderer?.stakeChanged?.();
  }
  stakeCapNote.hidden = cap === null;
  stakeCapNote.textContent = cap === null ? '' : t('cap.note', { amount: money(cap) });
  if (cap === null) delete stakeCapNote.dataset.cents;
  else stakeCapNote.dataset.cents = String(cap);
  refreshControls();
}

/** While a cap is in force, the session is read again after a round: a bonus that finished lifts it. */
async function refreshStakeCap(): Promise<void> {
  if (!session || session.mode !== 'real' || session.maxBet === null) return;
  try {
    const fresh = await api.session(session.id);
    if ((fresh.max_bet_cents ?? null) === session.maxBet) return;
    session.maxBet = fresh.max_bet_cents ?? null;
    applyStakeCap();
  } catch {
    // The next round or a reload tells it.
  }
}

function refreshControls(): void {
  const ready = session !== null && renderer !== null;
  const cap = stakeCap();
  const aboveCap = cap !== null && freeSpins() === null && Number(stakeSelect.value) > cap;
  playButton.disabled = !ready || busy || blocked || aboveCap;
  stakeSelect.disabled = !ready || busy || blocked || freeSpins() !== null;
  rotateButton.disabled = !ready || busy;
  seedSave.disabled = !ready || busy;
  renderer?.lock?.(busy || blocked);
  document.body.dataset.state = blocked ? 'blocked' : busy ? 'playing' : ready ? 'idle' : 'loading';
  if (renderer?.totalStake) {
    const total = renderer.totalStake();
    totalOut.hidden = false;
    totalOut.textContent = t('shell.totalBet', { amount: money(total) });
  }
}

function renderFair(): void {
  if (!session) return;
  commitmentOut.textContent = session.serverSeedHash;
  nextNonceOut.textContent = String(session.nextNonce);
  if (document.activeElement !== seedInput) seedInput.value = session.clientSeed;
}

function setQuick(on: boolean): void {
  quickOn = on && (session?.rules.quickSpin ?? false);
  quickButton.setAttribute('aria-pressed', String(quickOn));
}

function setSound(on: boolean): void {
  sound.set(on);
  soundButton.setAttribute('aria-pressed', String(on));
  soundButton.replaceChildren(speakerIcon(on));
}

/** A speaker, with waves when the sound is on (SVG: no emoji font needed). */
function speakerIcon(on: boolean): SVGSVGElement {
  const icon = svg('svg', {
    viewBox: '0 0 24 24',
    width: 20,
    height: 20,
    'aria-hidden': 'true',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': 2,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
  icon.appendChild(svg('path', { d: 'M4 9h4l5-4v14l-5-4H4z', fill: 'currentColor' }));
  icon.appendChild(svg('path', { d: on ? 'M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12' : 'M17 9l5 6M22 9l-5 6' }));
  return icon;
}

/**
 * The casino's `/fair` page (it frames the studio's verifier with the same query), opened in the
 * top window: on the lobby's origin when the launch named it, else on this page's.
 */
function verifyUrl(fair: Fair, bet: unknown, outcome?: unknown): string {
  const url = new URL('/fair', launch.lobbyUrl ?? location.href);
  url.searchParams.set('game', launch.game);
  url.searchParams.set('server_seed_hash', fair.server_seed_hash);
  url.searchParams.set('client_seed', fair.client_seed);
  url.searchParams.set('nonce', String(fair.nonce));
  url.searchParams.set('bet', JSON.stringify(bet));
  // A step game's round is replayed with the player's actions, which its outcome lists.
  const actions = (outcome as { actions?: unknown } | null)?.actions;
  if (Array.isArray(actions)) url.searchParams.set('actions', JSON.stringify(actions));
  // The verifier speaks the game's language.
  url.searchParams.set('lang', locale());
  return url.href;
}

// ---- a round -------------------------------------------------------------------------------------

async function play(): Promise<void> {
  if (busy) {
    renderer?.hurry?.();
    return;
  }
  if (!session || !renderer || blocked) return;
  if (renderer.play) {
    clearError();
    busy = true;
    refreshControls();
    try {
      await renderer.play(Number(stakeSelect.value));
    } finally {
      busy = false;
      refreshControls();
    }
    return;
  }
  // A free spin plays the grant's stake (the server's bet level): no stake to choose, nothing taken.
  const free = freeSpins();
  const choice = free ? { bet: { stake: free.bet_level_cents }, stake: 0 } : renderer.bet(Number(stakeSelect.value));
  if ('error' in choice) {
    showError('no_bet', choice.error);
    return;
  }
  // A bet of several chips above the cap (roulette): said here; the casino would refuse it.
  const cap = stakeCap();
  if (!free && cap !== null && choice.stake > cap) {
    showError('bonus_max_bet', t('cap.over', { amount: money(cap) }));
    return;
  }
  clearError();
  notice.hidden = true;
  const wait = notBefore - performance.now();
  busy = true;
  refreshControls();
  if (wait > 0) await sleep(wait);

  const rules = session.rules;
  const quick = quickOn && rules.quickSpin;
  const started = performance.now();
  notBefore = started + rules.minSpinMs + (rules.minSpinMs > 0 ? SPACING_MARGIN_MS : 0);
  const before = session.balance;
  if (choice.stake <= before) setBalance(before - choice.stake);
  sound.play('start');
  hideWin();
  renderer.start(quick);

  let result: RoundResponse;
  try {
    result = free ? await api.freeSpin(session.id) : await api.play(session.id, choice.bet);
  } catch (error) {
    renderer.abort();
    setBalance(session.balance);
    busy = false;
    const e = error instanceof ApiError ? error : new ApiError('network_error', 0, {});
    if (free && FREE_SPINS_GONE.has(e.code)) noteFreeSpins(null, null);
    showError(e.code, undefined, e.body);
    return;
  }

  const elapsed = performance.now() - started;
  const target = quick ? Math.max(rules.minSpinMs, QUICK_MS) : Math.max(rules.minSpinMs, renderer.naturalMs);
  await finishRound(result, choice.bet, { ms: Math.max(0, target - elapsed), quick }, started, free !== null);
}

/** The step round being played (blackjack, video poker): the renderer's actions go to it. */
let openRound: { id: string; bet: unknown; final: RoundResponse | null } | null = null;

/**
 * Lands a round and closes it: balance, last win, the fair panel, the win's presentation. A step
 * round stays open in `land` until its last action, sent by the renderer through `act`; the round's
 * final answer then stands for it.
 */
async function finishRound(
  result: RoundResponse,
  bet: unknown,
  timing: Timing,
  started: number,
  free = false,
): Promise<void> {
  if (!session || !renderer) return;
  const rules = session.rules;
  if (result.next !== undefined) {
    openRound = { id: result.round_id, bet, final: result.next === null ? result : null };
    session.balance = result.balance_cents;
    setBalance(session.balance);
  }
  try {
    await renderer.land(result.outcome, result.win_cents, timing, result.next !== undefined ? result : undefined);
  } catch (error) {
    console.error('the round could not be drawn', error);
  }
  const rest = rules.minSpinMs - (performance.now() - started);
  if (rest > 0) await sleep(rest);
  // A step round left open (the renderer gave up): it stays on the server, continued on reload.
  const final = openRound ? openRound.final : result;
  openRound = null;
  busy = false;
  if (!final) {
    refreshControls();
    return;
  }

  session.balance = final.balance_cents;
  setBalance(session.balance);
  setLastWin(final.win_cents);
  session.serverSeedHash = final.fair.server_seed_hash;
  session.clientSeed = final.fair.client_seed;
  session.nextNonce = final.fair.nonce + 1;
  renderFair();
  lastNonceOut.textContent = String(final.fair.nonce);
  // A round resumed after a reload: its bet is the server's, so it is verified from the round history.
  if (bet !== null) {
    verifyLink.href = verifyUrl(final.fair, bet, final.outcome);
    lastRoundBox.hidden = false;
  }
  if (final.jackpot_win) {
    notice.hidden = false;
    notice.textContent = t('shell.jackpot', {
      name: final.jackpot_win.name,
      amount: money(final.jackpot_win.amount_cents),
    });
  }
  if (final.free_spins !== undefined) noteFreeSpins(final.free_spins, free ? final.win_cents : null);
  const tier = presentWin(final.win_cents, final.stake_cents, timing.quick);
  sound.play(tier === 'big' || tier === 'mega' ? 'bigwin' : final.win_cents > 0 ? 'win' : 'lose');
  announce(final.win_cents > 0 ? t('shell.youWon', { amount: money(final.win_cents) }) : t('shell.noWinThisTime'));
  rounds++;
  refreshControls();
  document.body.dataset.rounds = String(rounds);
  void refreshStakeCap();
}

/** A step game's action for the open round (`ShellContext.act`). */
async function act(action: unknown): Promise<RoundResponse | null> {
  if (!session || !openRound || openRound.final) return null;
  clearError();
  try {
    const result = await api.act(session.id, openRound.id, action);
    session.balance = result.balance_cents;
    setBalance(session.balance);
    if (result.next === null) openRound.final = result;
    return result;
  } catch (error) {
    const e = error instanceof ApiError ? error : new ApiError('network_error', 0, {});
    showError(e.code, undefined, e.body);
    return null;
  }
}

/** A step round the player left open (a reload): continued where it stopped. */
async function resumeRound(open: RoundResponse): Promise<void> {
  busy = true;
  refreshControls();
  await finishRound(open, null, { ms: 0, quick: true }, performance.now());
}

type WinTier = 'none' | 'small' | 'nice' | 'big' | 'mega';
const winTitle_ = (tier: Exclude<WinTier, 'none'>): string => t(`win.${tier}`);
/** How long the amount counts up (ms), by tier: a bigger win takes its moment. */
const COUNT_MS: Record<Exclude<WinTier, 'none'>, number> = { small: 450, nice: 1100, big: 2400, mega: 3400 };
let winRun = 0;
let winTimer = 0;

/**
 * Shows the round's win over the stage, counted up from zero: a small win briefly, from 5× the
 * stake a "Nice win", from 20× a big-win moment (from 50× "Mega win"). The shell's last-win read-out
 * has the amount at once; this is presentation only and never holds up the next round.
 */
function presentWin(win: number, stake: number, quick: boolean): WinTier {
  hideWin();
  if (win <= 0 || stake <= 0) return 'none';
  const x = win / stake;
  const tier: Exclude<WinTier, 'none'> = x >= 50 ? 'mega' : x >= 20 ? 'big' : x >= 5 ? 'nice' : 'small';
  // A small win of roulette, dice or crash is told by the game's own read-out; a slot's is counted up.
  if (tier === 'small' && info?.kind !== 'slot') return tier;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const countMs = reduced ? 0 : quick ? Math.min(400, COUNT_MS[tier]) : COUNT_MS[tier];
  winShow.dataset.tier = tier;
  winTitle.textContent = winTitle_(tier);
  winAmount.textContent = money(countMs ? 0 : win);
  winShow.hidden = false;
  const run = ++winRun;
  const start = performance.now();
  let lastTick = 0;
  void animate((now) => {
    if (run !== winRun) return false;
    const k = countMs ? Math.min(1, (now - start) / countMs) : 1;
    winAmount.textContent = money(Math.round(win * easeOutCubic(k)));
    if (k < 1 && tier !== 'small' && now - lastTick > 90) {
      lastTick = now;
      sound.play('count');
    }
    return k < 1;
  }).then(() => {
    if (run === winRun) winTimer = window.setTimeout(hideWin, tier === 'small' ? 1400 : 2800);
  });
  return tier;
}

function hideWin(): void {
  winRun++;
  window.clearTimeout(winTimer);
  winShow.hidden = true;
}

function setFairOpen(open: boolean): void {
  app.toggleAttribute('data-fair-open', open);
  fairToggle.setAttribute('aria-expanded', String(open));
}

function announce(text: string): void {
  status.textContent = '';
  window.setTimeout(() => (status.textContent = text), 30);
}

// ---- the provably fair panel ----------------------------------------------------------------------

async function saveSeed(event: Event): Promise<void> {
  event.preventDefault();
  if (!session || busy) return;
  const value = seedInput.value.trim();
  if (!CLIENT_SEED.test(value)) {
    showError('invalid_client_seed');
    return;
  }
  seedSave.disabled = true;
  try {
    await api.setClientSeed(session.id, value);
    session.clientSeed = value;
    seedStatus.textContent = t('fair.saved');
    window.setTimeout(() => (seedStatus.textContent = ''), 2500);
    clearError();
  } catch (error) {
    const e = error instanceof ApiError ? error : new ApiError('network_error', 0, {});
    showError(e.code === 'invalid_bet' ? 'invalid_client_seed' : e.code, undefined, e.body);
  } finally {
    refreshControls();
  }
}

async function rotate(): Promise<void> {
  if (!session || busy) return;
  rotateButton.disabled = true;
  try {
    const r = await api.rotate(session.id);
    revealedSeed.textContent = r.revealed.server_seed;
    revealedHash.textContent = r.revealed.server_seed_hash;
    revealedBox.hidden = false;
    // A new seed pair (its nonces count from 0 again) with the same client seed.
    session.serverSeedHash = r.next.server_seed_hash;
    session.nextNonce = r.next.nonce;
    session.clientSeed = r.next.client_seed;
    renderFair();
    clearError();
  } catch (error) {
    const e = error instanceof ApiError ? error : new ApiError('network_error', 0, {});
    showError(e.code, undefined, e.body);
  } finally {
    refreshControls();
  }
}

// ---- layout and start --------------------------------------------------------------------------

function layout(): void {
  const rulesLink = h(
    'a',
    {
      // The rules page is written in the page's locale.
      href: `${studioPrefix()}/rules/${encodeURIComponent(launch.game)}?lang=${encodeURIComponent(locale())}`,
      target: '_blank',
      rel: 'noopener',
      class: 'link',
      'data-testid': 'rules',
    },
    t('shell.rules'),
  );
  const lobby = launch.lobbyUrl
    ? h('a', { href: launch.lobbyUrl, target: '_top', class: 'link', 'data-testid': 'lobby' }, t('shell.lobby'))
    : null;
  const modeTag = h(
    'span',
    { class: 'tag', 'data-testid': 'mode' },
    launch.mode === 'demo' ? t('shell.demo') : t('shell.real'),
  );

  const bar = h(
    'section',
    { class: 'bar', 'aria-label': t('shell.round') },
    h('div', { class: 'stat' }, h('span', { class: 'label' }, t('shell.balance')), balanceOut),
    h('div', { class: 'stat stake' }, stakeLabel, stakeSelect, freeStakeOut, totalOut),
    h('div', { class: 'play-wrap' }, playButton),
    h('div', { class: 'stat' }, h('span', { class: 'label' }, t('shell.lastWin')), lastWinOut),
    h('div', { class: 'toggles' }, soundButton, quickButton),
  );

  const seedForm = h(
    'form',
    { class: 'seed-form', onsubmit: (e: Event) => void saveSeed(e) },
    h('label', { for: 'client-seed', class: 'label' }, t('fair.clientSeed')),
    h('div', { class: 'row' }, seedInput, seedSave, seedStatus),
  );
  const fair = h(
    'section',
    { class: 'fair', id: 'fair-panel', 'aria-labelledby': 'fair-title' },
    h('div', { class: 'fair-head' }, h('h2', { id: 'fair-title' }, t('fair.title')), fairClose),
    h('p', { class: 'muted small' }, t('fair.intro')),
    h('div', { class: 'kv' }, h('span', { class: 'label' }, t('fair.commitment')), commitmentOut),
    seedForm,
    h('div', { class: 'kv inline' }, h('span', { class: 'label' }, t('fair.nextNonce')), nextNonceOut),
    h('div', { class: 'row' }, rotateButton),
    revealedBox,
    lastRoundBox,
  );

  app.replaceChildren(
    h(
      'header',
      { class: 'top' },
      // The casino's page names the game above the frame: the header does not repeat it.
      modeTag,
      h('nav', { class: 'links', 'aria-label': t('shell.gameLinks') }, fairToggle, rulesLink, lobby),
    ),
    errorBanner,
    notice,
    freeSpinsBanner,
    stakeCapNote,
    h('main', { class: `game game-${launch.game} kind-${info?.kind ?? 'none'}` }, stage, controls, bar, fair),
    status,
  );
  app.removeAttribute('aria-busy');
}

function wire(): void {
  playButton.addEventListener('click', () => void play());
  stage.addEventListener('click', () => {
    hideWin();
    if (busy) renderer?.hurry?.();
  });
  fairToggle.addEventListener('click', () => setFairOpen(!app.hasAttribute('data-fair-open')));
  fairClose.addEventListener('click', () => setFairOpen(false));
  errorClose.addEventListener('click', () => clearError());
  soundButton.addEventListener('click', () => setSound(!sound.enabled));
  quickButton.addEventListener('click', () => setQuick(!quickOn));
  rotateButton.addEventListener('click', () => void rotate());
  stakeSelect.addEventListener('change', () => {
    renderer?.stakeChanged?.();
    refreshControls();
  });
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && app.hasAttribute('data-fair-open')) {
      setFairOpen(false);
      fairToggle.focus();
      return;
    }
    if (event.code !== 'Space' && event.key !== ' ') return;
    const target = event.target as HTMLElement | null;
    if (
      target &&
      target !== document.body &&
      target.closest('input, textarea, select, button, a, [contenteditable], [role="button"]')
    )
      return;
    event.preventDefault();
    if (!event.repeat) void play();
  });
}

async function createSession(): Promise<Session> {
  if (launch.mode === 'real' && !launch.launchToken) throw new ApiError('invalid_launch_token', 401, {});
  const body: CreateSessionRequest =
    launch.mode === 'real'
      ? { game: launch.game, mode: 'real', launch_token: launch.launchToken ?? '' }
      : { game: launch.game, mode: 'demo', currency: DEMO_CURRENCY, licence: launch.licence };
  return sessionFrom(await api.createSession(body));
}

async function main(): Promise<void> {
  layout();
  wire();
  setSound(sound.enabled);
  refreshControls();
  if (!info || !RENDERERS[launch.game]) {
    showError('unknown_game');
    return;
  }
  let factory: RendererFactory;
  try {
    const [s, module] = await Promise.all([createSession(), RENDERERS[launch.game]!()]);
    session = s;
    factory = module.create;
  } catch (error) {
    const e = error instanceof ApiError ? error : new ApiError('network_error', 0, {});
    console.error(error);
    showError(e.code, e.status === 401 && !messageFor(e.code) ? t('errors.invalid_launch_token') : undefined, e.body);
    blocked = true;
    refreshControls();
    return;
  }
  const ctx: ShellContext = {
    slug: launch.game,
    currency: session.currency,
    stage,
    controls,
    sound,
    money,
    stake: () => Number(stakeSelect.value),
    maxStake: stakeCap,
    changed: () => refreshControls(),
    announce,
    act,
    sessionId: () => session!.id,
    setBalance: (cents) => {
      session!.balance = cents;
      setBalance(cents);
    },
    settled: (win, stake) => {
      setLastWin(win);
      const tier = presentWin(win, stake, false);
      sound.play(tier === 'big' || tier === 'mega' ? 'bigwin' : win > 0 ? 'win' : 'lose');
      rounds++;
      document.body.dataset.rounds = String(rounds);
      // As after any other game's round: a bonus that finished lifts the cap without a reload.
      void refreshStakeCap();
    },
    fail: (code, message, body) => showError(code, message, body),
    verifyUrl,
  };
  renderer = factory(ctx);
  stage.appendChild(winShow);
  if (renderer.fairInfo) {
    // A shared round has its own seed: the player's seed pair plays no part in it.
    app.dataset.live = '1';
    document.getElementById('fair-panel')?.append(renderer.fairInfo);
  }
  renderFreeSpins();
  stakeLabel.textContent = renderer.stakeLabel;
  stakeSelect.setAttribute('aria-label', renderer.stakeLabel);
  stakeSelect.replaceChildren(
    ...renderer.stakes.map((cents) =>
      h('option', { value: cents, selected: cents === renderer!.defaultStake }, money(cents)),
    ),
  );
  renderer.stakeChanged?.();
  applyStakeCap();
  quickButton.hidden = !session.rules.quickSpin || renderer.play !== undefined;
  quickButton.disabled = !session.rules.quickSpin;
  setQuick(false);
  setBalance(session.balance);
  setLastWin(null);
  renderFair();
  document.body.dataset.licence = session.licence;
  document.body.dataset.minSpinMs = String(session.rules.minSpinMs);
  refreshControls();
  if (session.openRound) await resumeRound(session.openRound);
}

void main();
