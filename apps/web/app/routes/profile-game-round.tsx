import { useLocation } from 'react-router';
import { RoundDetail } from '../features/rounds';
import { useI18n } from '../lib/i18n';
import { localizePath } from '../lib/locale';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/profile-game-round';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'rounds.roundTitle' }), { name: 'robots', content: 'noindex' }];
}

/**
 * `/profile/games-history/:id`: one round (game recall). Back returns to the history page the
 * round was opened from (its filter and page), else to the history's first page.
 */
export default function ProfileGameRoundPage({ params }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const money = useMoneyFormat();
  const history = localizePath('/profile/games-history', locale);
  const back = (location.state as { back?: unknown } | null)?.back;
  const backHref = typeof back === 'string' && back.startsWith(history) ? back : history;
  const id = /^\d{1,12}$/.test(params.id) ? Number(params.id) : null;
  if (id === null) {
    return (
      <section className="profile-card" data-testid="round-detail">
        <p className="profile__hint">{t('rounds.notFound')}</p>
      </section>
    );
  }
  return <RoundDetail key={id} id={id} money={money} backHref={backHref} />;
}

export const ErrorBoundary = PageErrorBoundary;
