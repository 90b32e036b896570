import type { Device } from '@orbit/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { filterGames } from '../../lib/endpoints';
import { useI18n } from '../../lib/i18n';
import type { Locale } from '../../lib/locale';
import { usePlayerCurrency } from '../../lib/player-currency';
import { useSession } from '../../lib/session';
import { track } from '../../lib/telemetry';
import { Icon } from '../../ui/icons';
import { demoHref, gamePath } from './links';
import { openableGames, pickGame, RANDOM_PICK_PAGE } from './random-game-rules';

/**
 * The random-game card of a category's list (docs/page-shell.md "Random game"): pressed, it asks
 * for the category's games (one page of the games filter, in the player's currency), picks one
 * the visitor can open and opens it (a player's in real mode, a guest's demo), and reports the
 * pick (`random_game`). Nothing to open: it says so and stays.
 */
export function RandomGameCard({ category, locale, device }: { category: string; locale: Locale; device?: Device }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const signedIn = useSession().status === 'player';
  const currency = usePlayerCurrency();
  const [state, setState] = useState<'idle' | 'busy' | 'none' | 'failed'>('idle');

  async function pick() {
    if (state === 'busy') return;
    setState('busy');
    try {
      const filter = {
        categories: { identifiers: [category], strategy: 'OR' as const },
        ...(signedIn && currency ? { currencies: [currency] } : {}),
      };
      const first = await filterGames({ ...(device ? { device } : {}), page: 1, page_size: RANDOM_PICK_PAGE, filter });
      // A category longer than a page: a page picked at random first.
      const page = first.pagination.total_pages > 1 ? 1 + Math.floor(Math.random() * first.pagination.total_pages) : 1;
      const games =
        page === 1
          ? first.data
          : (await filterGames({ ...(device ? { device } : {}), page, page_size: RANDOM_PICK_PAGE, filter })).data;
      const game = pickGame(openableGames(games, signedIn ? { currency } : null));
      if (!game) {
        setState('none');
        return;
      }
      track({ name: 'random_game', category, game: game.identifier, page: location.pathname.slice(0, 256) });
      setState('idle');
      navigate(signedIn ? gamePath(game, locale) : demoHref(game, locale));
    } catch (error) {
      console.error('RANDOM_GAME_ERROR', error);
      setState('failed');
    }
  }

  return (
    <div className="random-card">
      <button
        type="button"
        className="random-card__button"
        onClick={() => void pick()}
        aria-busy={state === 'busy'}
        data-testid="random-game"
      >
        <Icon name="dice" size={36} />
        <span className="random-card__title">{t('games.random.title')}</span>
        <span className="random-card__hint">{t('games.random.hint')}</span>
      </button>
      {state === 'none' || state === 'failed' ? (
        <p className="random-card__error" role="alert">
          {t(state === 'none' ? 'games.random.none' : 'games.loadFailed')}
        </p>
      ) : null}
    </div>
  );
}
