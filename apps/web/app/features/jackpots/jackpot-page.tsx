import type { Jackpot } from '@orbit/contracts';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { formatJackpotAmount, jackpotGamePath } from './jackpots';
import './jackpot-page.css';

/**
 * A mystic jackpot's own page (`/<identifier>`, docs/rules/content-pages.md "Jackpot pages"): its
 * levels with what each holds now (cents / 100, two decimals), grand first, and its games.
 */
export function JackpotPage({ jackpot, gameTitles }: { jackpot: Jackpot; gameTitles: Record<string, string> }) {
  const { t, locale } = useI18n();
  const levels = [...jackpot.levels].sort((a, b) => b.index - a.index);
  const total = levels.reduce((sum, l) => sum + l.amount_cents, 0);
  return (
    <article className="page jackpot-page" data-jackpot={jackpot.identifier}>
      <p className="jackpot-page__kind">{t('content.jackpot.kind')}</p>
      <h1>
        {jackpot.name} · {jackpot.currency}
      </h1>
      <p className="jackpot-page__total" data-testid="jackpot-total">
        {formatJackpotAmount(total, jackpot.currency, locale)}
      </p>
      <p>{t('content.jackpot.text')}</p>
      <ul className="jackpot-page__levels">
        {levels.map((level) => (
          <li key={level.identifier} className="jackpot-page__level" data-level={level.identifier}>
            <span className="jackpot-page__level-name">{level.name}</span>
            <strong>{formatJackpotAmount(level.amount_cents, jackpot.currency, locale)}</strong>
          </li>
        ))}
      </ul>
      {jackpot.games.length > 0 ? (
        <>
          <h2>{t('content.jackpot.games')}</h2>
          <ul className="jackpot-page__games">
            {jackpot.games.map((game) => {
              const href = jackpotGamePath(game, locale);
              const title = gameTitles[game] ?? game;
              return <li key={game}>{href ? <Link to={href}>{title}</Link> : title}</li>;
            })}
          </ul>
        </>
      ) : null}
    </article>
  );
}
