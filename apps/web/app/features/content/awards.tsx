import type { CmsPage } from '@orbit/contracts';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { awardsIn, awardsOf, awardYears } from './rules';
import './content.css';

/**
 * The awards page (`/awards`, `?year=2026`): the CMS page `awards`, its awards by year newest
 * first, and a filter by year (links: it works before the page's JavaScript, and each year has
 * its own address).
 */
export function AwardsPage({ page, year }: { page: CmsPage; year: number | null }) {
  const { t, locale } = useI18n();
  const awards = awardsOf(page.blocks.json);
  const years = awardYears(awards);
  const shown = awardsIn(awards, year);
  const base = localizePath('/awards', locale);
  return (
    <article className="page cms content awards" data-slug={page.slug} lang={page.locale}>
      <h1>{page.title}</h1>
      <div className="cms__content" dangerouslySetInnerHTML={{ __html: page.content }} />
      {years.length > 0 ? (
        <nav className="awards__filter" aria-label={t('content.awards.filter')}>
          <Link to={base} className="chip" aria-current={year === null ? 'page' : undefined}>
            {t('content.awards.allYears')}
          </Link>
          {years.map((y) => (
            <Link key={y} to={`${base}?year=${y}`} className="chip" aria-current={year === y ? 'page' : undefined}>
              {y}
            </Link>
          ))}
        </nav>
      ) : null}
      {shown.length === 0 ? (
        <p className="content__empty">{t('content.awards.empty')}</p>
      ) : (
        <ul className="awards__list">
          {shown.map((award) => (
            <li key={`${award.year}:${award.name}:${award.nomination}`} className="awards__item" data-year={award.year}>
              {award.imgUrl ? <img className="awards__image" src={award.imgUrl} alt="" loading="lazy" /> : null}
              {award.prize ? <span className="awards__badge">{award.prize}</span> : null}
              <strong className="awards__title">{award.nomination || award.name}</strong>
              <span className="awards__meta">
                {award.nomination ? `${award.name} · ` : ''}
                {award.year}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
