import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { browserApi } from '../../lib/api';
import { loadPoints, usePoints } from '../../lib/shell-loyalty';
import { levelState, percentOf } from './rules';
import type { LoyaltyLevel, PlayerLevel } from './types';
import './loyalty.css';

const levelApi = {
  player: () => browserApi().get<PlayerLevel>('/api/player/level'),
  levels: () => browserApi().get<LoyaltyLevel[]>('/api/loyalty/levels'),
};

type Loaded = { status: 'loading' | 'ready' | 'failed'; level: PlayerLevel | null; levels: LoyaltyLevel[] };

/** A level's emblem: its number in a ring (drawn here: the levels' pictures are not served yet). */
function LevelEmblem({ position }: { position: number }) {
  return (
    <svg className="level-card__image" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="28" className="level-emblem__ring" />
      <text x="32" y="40" textAnchor="middle" className="level-emblem__number">
        {position}
      </text>
    </svg>
  );
}

/**
 * `/profile/level` (docs/rules/comp-points.md "Level"): the player's level and the progress to
 * the next one by persistent comp points, what the next needs and gives, the gifts of the level,
 * and the twelve levels (achieved, current, locked). Loaded again when the player's collected
 * points change (a `comps_award` message through the points store).
 */
export function LevelTab() {
  const { t } = useI18n();
  const { persistent } = usePoints();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading', level: null, levels: [] });
  useEffect(() => {
    void loadPoints();
  }, []);
  useEffect(() => {
    let live = true;
    void Promise.allSettled([levelApi.player(), levelApi.levels()]).then(([level, levels]) => {
      if (!live) return;
      setLoaded((before) => ({
        status: level.status === 'fulfilled' ? 'ready' : before.level ? 'ready' : 'failed',
        level: level.status === 'fulfilled' ? level.value : before.level,
        levels: levels.status === 'fulfilled' && Array.isArray(levels.value) ? levels.value : before.levels,
      }));
    });
    return () => {
      live = false;
    };
  }, [persistent]);

  if (loaded.status === 'loading' && !loaded.level)
    return (
      <p className="profile__loading" role="status">
        {t('common.loading')}
      </p>
    );
  const mine = loaded.level;
  if (!mine)
    return (
      <section className="profile-card">
        <p className="profile__hint">{t('loyalty.level.failed')}</p>
      </section>
    );
  const { level, next } = mine;
  return (
    <div className="profile-tab level-tab" data-testid="level-tab">
      <LevelCard mine={mine} />

      <section className="profile-card" aria-labelledby="level-gifts-title">
        <h2 id="level-gifts-title">{t('loyalty.level.gifts', { name: level.name })}</h2>
        <Gifts level={level} />
        {next ? (
          <>
            <h3>{t('loyalty.level.nextGifts', { name: next.name })}</h3>
            <Gifts level={next} />
          </>
        ) : null}
      </section>

      {loaded.levels.length > 0 ? <AllLevels levels={loaded.levels} current={level.position} /> : null}
    </div>
  );
}

/** The player's level, the points collected and the way to the next one. */
function LevelCard({ mine }: { mine: PlayerLevel }) {
  const { t, locale } = useI18n();
  const { level, next } = mine;
  const percent = percentOf(mine.progress);
  const target = next?.conditions.persistent_comp_points.min ?? null;
  return (
    <section className="profile-card level-card" aria-labelledby="level-title">
      <div className="level-card__head">
        <LevelEmblem position={level.position} />
        <div>
          <p className="level-card__kicker">{t('loyalty.level.yours')}</p>
          <h2 id="level-title" data-testid="level-name">
            {level.name}
          </h2>
        </div>
      </div>
      <p data-testid="level-points">{t('loyalty.level.collected', { count: mine.persistent_points })}</p>
      {next && target !== null ? (
        <>
          <div
            className="level-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('loyalty.level.progressLabel', { name: next.name })}
          >
            <span className="level-bar__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="level-card__next" data-testid="level-next">
            {t('loyalty.level.toNext', { count: mine.points_to_next, name: next.name })}
          </p>
        </>
      ) : (
        <p className="level-card__next" data-testid="level-next">
          {t('loyalty.level.top')}
        </p>
      )}
      {level.content ? <p className="profile__hint">{level.content}</p> : null}
      <p>
        <Link to={localizePath('/rocket-mart', locale)}>{t('loyalty.level.toShop')}</Link>
      </p>
    </section>
  );
}

/** The twelve levels: achieved, current, locked. */
function AllLevels({ levels, current }: { levels: LoyaltyLevel[]; current: number }) {
  const { t } = useI18n();
  return (
    <section className="profile-card" aria-labelledby="levels-title">
      <h2 id="levels-title">{t('loyalty.level.all')}</h2>
      <ol className="level-list" data-testid="level-list">
        {[...levels]
          .sort((a, b) => a.position - b.position)
          .map((item) => {
            const state = levelState(item.position, current);
            return (
              <li
                key={item.id}
                className={`level-list__item is-${state}`}
                aria-current={state === 'current' ? 'step' : undefined}
                data-state={state}
              >
                <span className="level-list__name">{item.name}</span>
                <span className="level-list__points">
                  {t('loyalty.level.from', { count: item.conditions.persistent_comp_points.min })}
                </span>
                <span className="level-list__state">{t(`loyalty.level.state.${state}`)}</span>
              </li>
            );
          })}
      </ol>
    </section>
  );
}

function Gifts({ level }: { level: LoyaltyLevel }) {
  const { t } = useI18n();
  if (level.gift_descriptions.length === 0) return <p className="profile__hint">{t('loyalty.level.noGifts')}</p>;
  return (
    <ul className="level-gifts">
      {level.gift_descriptions.map((gift, i) => (
        <li key={i} className={`level-gifts__item level-gifts__item--${gift.type}`}>
          {gift.name}
        </li>
      ))}
    </ul>
  );
}
