import type { Game, GameMode, LaunchResponse } from '@orbit/contracts';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, type To } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { useSession } from '../../lib/session';
import { loadSession } from '../../lib/session-client';
import { track } from '../../lib/telemetry';
import { playApi } from './play-api';
import {
  closeTarget,
  launchFailure,
  modeOf,
  modeSearch,
  playGuard,
  signUpHref,
  type LaunchFailure,
  type PlayDecision,
} from './play-rules';
import './play.css';

/** What the game page needs of a game (the loader keeps only these fields). */
export type PlayGame = Pick<
  Game,
  'id' | 'identifier' | 'title' | 'seo_title' | 'provider' | 'provider_title' | 'has_demo_mode' | 'launchable'
>;

/** Where a mode link leads, as `<Link>` props. */
type LinkTarget = { to: To; state?: unknown; replace?: boolean };

type LaunchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; launch: LaunchResponse }
  | { status: 'failed'; failure: LaunchFailure };

/** One launch per mode and attempt: a launch token is single-use, so a remount launches again. */
function useLaunch(gameId: number, mode: GameMode, lang: string, enabled: boolean, attempt: number): LaunchState {
  const [state, setState] = useState<LaunchState>({ status: 'idle' });
  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    playApi.launch(gameId, mode, lang, controller.signal).then(
      (launch) => setState({ status: 'ready', launch }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', failure: launchFailure(error, mode) });
      },
    );
    return () => controller.abort();
  }, [gameId, mode, lang, enabled, attempt]);
  return state;
}

/** The favourite toggle (signed-in players): the list's state, one request at a time (no re-entry while pending). */
function useFavourite(gameId: number, enabled: boolean) {
  const [state, setState] = useState<{ on: boolean | null; failed: boolean }>({ on: null, failed: false });
  const pending = useRef(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    playApi.favouriteIds(controller.signal).then(
      (ids) => setState({ on: ids.includes(gameId), failed: false }),
      () => !controller.signal.aborted && setState({ on: null, failed: true }),
    );
    return () => controller.abort();
  }, [gameId, enabled]);
  const toggle = useCallback(async () => {
    if (pending.current || state.on === null) return;
    pending.current = true;
    setBusy(true);
    try {
      const ids = await (state.on ? playApi.removeFavourite(gameId) : playApi.addFavourite(gameId));
      setState({ on: ids.includes(gameId), failed: false });
    } catch {
      setState((s) => ({ ...s, failed: true }));
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }, [gameId, state.on]);
  return { on: state.on, failed: state.failed, busy, toggle };
}

/** Fullscreen of the stage (the Fullscreen API); `supported` is known after hydration. */
function useFullscreen(stage: React.RefObject<HTMLDivElement | null>) {
  const [active, setActive] = useState(false);
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    setSupported(Boolean(document.fullscreenEnabled));
    const onChange = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === stage.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [stage]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void stage.current?.requestFullscreen?.().catch(() => undefined);
  };
  return { active, supported, toggle };
}

/** Whether this page is the one in the address bar (not drawn under a popup: then it must not redirect). */
function isAddressed(location: { pathname: string; search: string }): boolean {
  return window.location.pathname === location.pathname && window.location.search === location.search;
}

type GamePageProps = {
  game: PlayGame;
  /** The live balance of the signed-in player (the route composes it), in the launch's currency once known. */
  balance?: (currency: string | null) => ReactNode;
  /** A signed-in player's limits at entry (the route reads them): see `playGuard`. */
  playLimit?: 'unknown' | 'clear' | 'blocked';
  /** Drawn over the stage (the reality check), told whether the game is open. */
  stageOverlay?: (playing: boolean) => ReactNode;
  /** More of the player's state in the bar (the EE session timer, which the hidden header would show). */
  toolbarExtra?: ReactNode;
  /** The player's fields the game's provider still needs for real play (the route reads them): see `playGuard`. */
  missingFields?: 'unknown' | readonly string[];
  /** The edit-profile popup for those fields (the route composes it); `onSaved` opens the game. */
  fieldsPopup?: (fields: readonly string[], onSaved: () => void) => ReactNode;
};

/** The guards' redirects (replace: Back does not return to a page that would redirect again). */
function useGuardRedirects(decision: PlayDecision, failure: LaunchFailure | null, mode: GameMode) {
  const { locale } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isAddressed(location)) return;
    if (decision === 'sign-up') {
      navigate(signUpHref(locale, location, mode), { replace: true });
    } else if (decision === 'to-real') {
      navigate(
        { pathname: location.pathname, search: modeSearch('real'), hash: location.hash },
        { replace: true, state: location.state },
      );
    } else if (decision === 'limits' || failure?.action === 'limits') {
      navigate(localizePath('/profile/limits', locale), { replace: true });
    }
  }, [decision, failure, location, locale, mode, navigate]);
}

/**
 * The game page (`/play/{provider}/{seo_title}`): one thin toolbar (title, mode switch, balance,
 * deposit, favourite, fullscreen, close) over the stage, where the studio's page plays in an
 * iframe that takes the rest of the viewport (the route's `handle` hides the site's header and
 * footer; on a phone the bar keeps close, balance and deposit only). The server renders the toolbar with the title; the launch
 * (`POST /api/games/{id}/launch`) happens in the browser, after the page's guards (`playGuard`,
 * docs/rules/routes-and-guards.md "The game page"): a guest asking for real play, or for a demo
 * the game lacks, goes to sign-up with the game as `redirect`; a signed-in player with a
 * reached limit that stops play (`playLimit`, read by the route) and a launch refused for the
 * player's limits or self-exclusion go to `/profile/limits`; other refusals say why, with a
 * way back. `stageOverlay` covers the stage (the reality check).
 */
export function GamePage({
  game,
  balance,
  playLimit,
  stageOverlay,
  toolbarExtra,
  missingFields,
  fieldsPopup,
}: GamePageProps) {
  const { locale } = useI18n();
  const location = useLocation();
  const session = useSession();
  const mode = modeOf(new URLSearchParams(location.search).get('mode'));
  const decision = playGuard({
    status: session.status,
    mode,
    hasDemo: game.has_demo_mode,
    launchable: game.launchable,
    limits: playLimit,
    fields: missingFields,
  });
  const [attempt, setAttempt] = useState(0);
  const launch = useLaunch(game.id, mode, locale, decision === 'launch', attempt);
  const player = session.player;
  const favourite = useFavourite(game.id, player !== null);
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  const [closeHref, setCloseHref] = useState(() => localizePath('/', locale));
  const here = { pathname: location.pathname, search: location.search, hash: location.hash };

  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    setCloseHref(
      closeTarget({ locale, state: location.state, referrer: document.referrer, origin: window.location.origin }),
    );
  }, [locale, location.state]);

  const failure = launch.status === 'failed' ? launch.failure : null;
  useGuardRedirects(decision, failure, mode);
  // A game counts as opened once its launch is answered (a refused launch opened nothing).
  useEffect(() => {
    if (launch.status === 'ready') track({ name: 'game_open', game: game.identifier, mode });
  }, [launch.status, game.identifier, mode]);

  const modeLink = (target: GameMode): LinkTarget =>
    target === 'real' && session.status === 'guest'
      ? // A guest's real play is registration first, drawn over this page.
        { to: signUpHref(locale, { ...here, search: '' }, 'real'), state: { background: here } }
      : {
          to: { pathname: location.pathname, search: modeSearch(target), hash: location.hash },
          state: location.state,
          replace: true,
        };

  return (
    <div className={`play play--${mode}`}>
      <div className="play__toolbar">
        <h1 className="play__title">{game.title}</h1>
        <ModeSwitch mode={mode} hasDemo={game.has_demo_mode} modeLink={modeLink} />
        <ToolbarActions
          game={game}
          mode={mode}
          signedIn={player !== null}
          balance={player && balance ? <>{balance(launch.status === 'ready' ? launch.launch.currency : null)}</> : null}
          here={here}
          favourite={favourite}
          fullscreen={fullscreen}
          closeHref={closeHref}
          extra={toolbarExtra}
        />
      </div>
      <div className="play__stage" ref={stage}>
        <StageContent
          game={game}
          decision={decision}
          launch={launch}
          closeHref={closeHref}
          onRetry={() => setAttempt((n) => n + 1)}
          demo={mode === 'real' && game.has_demo_mode ? modeLink('demo') : undefined}
          signUp={signUpHref(locale, here, mode)}
        />
        {stageOverlay?.(launch.status === 'ready')}
      </div>
      {/* Before real play: the provider's missing fields (checked first, or named by a refused launch). */}
      {decision === 'profile' && Array.isArray(missingFields)
        ? fieldsPopup?.(missingFields, () => undefined)
        : failure?.action === 'profile'
          ? fieldsPopup?.(failure.fields, () => setAttempt((n) => n + 1))
          : null}
    </div>
  );
}

/** Real money or demo (the demo only when the game has one). */
function ModeSwitch({
  mode,
  hasDemo,
  modeLink,
}: {
  mode: GameMode;
  hasDemo: boolean;
  modeLink: (target: GameMode) => LinkTarget;
}) {
  const { t } = useI18n();
  return (
    <div className="play__modes" role="group" aria-label={t('play.modeLabel')}>
      <Link
        {...modeLink('real')}
        className="play__mode"
        aria-current={mode === 'real' ? 'true' : undefined}
        data-testid="game-mode-real"
      >
        {t('play.real')}
      </Link>
      {hasDemo ? (
        <Link
          {...modeLink('demo')}
          className="play__mode"
          aria-current={mode === 'demo' ? 'true' : undefined}
          data-testid="game-mode-demo"
        >
          {t('play.demo')}
        </Link>
      ) : null}
    </div>
  );
}

/** The toolbar's actions: balance, deposit, favourite, fullscreen, close. */
function ToolbarActions({
  game,
  mode,
  signedIn,
  balance,
  here,
  favourite,
  fullscreen,
  closeHref,
  extra,
}: {
  game: PlayGame;
  mode: GameMode;
  signedIn: boolean;
  /** The player's balance as the toolbar shows it (null: none shown). */
  balance: ReactNode;
  here: To;
  favourite: ReturnType<typeof useFavourite>;
  fullscreen: ReturnType<typeof useFullscreen>;
  closeHref: string;
  extra: ReactNode;
}) {
  const { t, locale } = useI18n();
  return (
    <div className="play__actions">
      {extra}
      {balance !== null ? (
        <span className="play__balance" data-testid="game-balance" aria-label={t('play.balance')}>
          {balance}
        </span>
      ) : null}
      {signedIn && mode === 'real' ? (
        <Link
          to={localizePath('/deposit', locale)}
          state={{ background: here }}
          preventScrollReset
          className="button button--primary play__deposit"
          data-testid="game-deposit"
          onClick={() => track({ name: 'deposit_open', source: 'game' })}
        >
          {t('play.deposit')}
        </Link>
      ) : null}
      {signedIn ? (
        <button
          type="button"
          className="icon-button play__favourite"
          aria-pressed={favourite.on ?? false}
          aria-label={t(favourite.on ? 'play.favouriteRemove' : 'play.favouriteAdd', { title: game.title })}
          title={favourite.failed ? t('errors.unknown') : undefined}
          disabled={favourite.on === null || favourite.busy}
          onClick={() => void favourite.toggle()}
          data-testid="game-favourite"
        >
          <ToolIcon path="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8L3.5 9.7l5.9-.8z" />
        </button>
      ) : null}
      <button
        type="button"
        className="icon-button play__fullscreen"
        aria-label={t(fullscreen.active ? 'play.exitFullscreen' : 'play.fullscreen')}
        aria-pressed={fullscreen.active}
        disabled={!fullscreen.supported}
        onClick={fullscreen.toggle}
        data-testid="game-fullscreen"
      >
        <ToolIcon path="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
      </button>
      <Link to={closeHref} className="icon-button play__close" aria-label={t('play.close')} data-testid="game-close">
        <ToolIcon path="M6 6l12 12M18 6L6 18" />
      </Link>
    </div>
  );
}

/** The stage: the game's frame once launched; else why not (with the ways on), or that it is on its way. */
function StageContent({
  game,
  decision,
  launch,
  closeHref,
  onRetry,
  demo,
  signUp,
}: {
  game: PlayGame;
  decision: PlayDecision;
  launch: LaunchState;
  closeHref: string;
  onRetry: () => void;
  demo: LinkTarget | undefined;
  signUp: To;
}) {
  const { t } = useI18n();
  const failure = launch.status === 'failed' ? launch.failure : null;
  if (decision === 'unavailable') {
    return <PlayError code="game_not_launchable" closeHref={closeHref} />;
  } else if (launch.status === 'ready') {
    return (
      <iframe
        key={launch.launch.url}
        className="play__frame"
        data-testid="game-frame"
        src={launch.launch.url}
        title={game.title}
        allow="fullscreen; autoplay"
        allowFullScreen
      />
    );
  } else if (failure?.action === 'message') {
    return (
      <PlayError code={failure.code} closeHref={closeHref} onRetry={failure.retry ? onRetry : undefined} demo={demo} />
    );
  } else if (decision === 'sign-up' || failure?.action === 'signed-out') {
    return (
      <div className="play__notice">
        <p>{t('play.signUpToPlay')}</p>
        <Link className="button button--primary" to={signUp}>
          {t('auth.signUp')}
        </Link>
      </div>
    );
  } else {
    return (
      <p className="play__loading" role="status">
        {t('play.loading')}
      </p>
    );
  }
}

/** A refused launch: what happened and the ways on (try again, the demo, back). */
function PlayError({
  code,
  closeHref,
  onRetry,
  demo,
}: {
  code: string;
  closeHref: string;
  onRetry?: () => void;
  demo?: LinkTarget;
}) {
  const { t } = useI18n();
  return (
    <div className="play__notice" role="alert" data-testid="game-error">
      <p>{t(`play.errors.${code}`, undefined, t('play.errors.unknown'))}</p>
      <div className="play__notice-actions">
        {onRetry ? (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('play.retry')}
          </button>
        ) : null}
        {demo ? (
          <Link {...demo} className="button button--secondary">
            {t('play.tryDemo')}
          </Link>
        ) : null}
        <Link to={closeHref} className="button button--ghost">
          {t('play.back')}
        </Link>
      </div>
    </div>
  );
}

/**
 * The toolbar's icons (star, four corners, close), drawn here in the kit's frame
 * (`ui/icon-frame.tsx`, written out): the ui kit's icons live in the lobby's chunk, and sharing
 * them with this page would split them into a file of their own there; sharing the frame with
 * the player's header would put it in a file of its own in the header's list of files, which
 * the lobby's first JavaScript carries.
 */
function ToolIcon({ path }: { path: string }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
