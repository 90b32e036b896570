import type { CmsPage, NewsResponse } from '@orbit/contracts';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { formatArticleDate, newsPageHref } from './rules';
import './content.css';

/**
 * The news list (`/blog`): the CMS page `blog`'s title and text, then at most six articles, newest
 * first, and the links to the other pages of the list (docs/rules/content-pages.md "News").
 */
export function NewsList({ intro, news }: { intro: CmsPage | null; news: NewsResponse }) {
  const { t, locale } = useI18n();
  const base = localizePath('/blog', locale);
  const { current_page: page, prev_page: prev, next_page: next, total_pages: pages } = news.pagination;
  return (
    <section className="page content news" aria-labelledby="news-title">
      <h1 id="news-title">{intro?.title ?? t('content.news.title')}</h1>
      {intro ? <div className="cms__content" dangerouslySetInnerHTML={{ __html: intro.content }} /> : null}
      {news.data.length === 0 ? (
        <p className="content__empty">{t('content.news.empty')}</p>
      ) : (
        <ul className="news__list">
          {news.data.map((item) => (
            <li key={item.slug} className="news__item" data-slug={item.slug}>
              <Link to={localizePath(item.path, locale)} className="news__card">
                {item.image ? (
                  <img className="news__image" src={item.image} alt="" loading="lazy" />
                ) : (
                  <span className="news__image news__image--blank" aria-hidden="true" />
                )}
                <time className="news__date" dateTime={item.date}>
                  {formatArticleDate(item.date, locale)}
                </time>
                <h2 className="news__title">{item.title}</h2>
                <p className="news__description">{item.description}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="news__pages" aria-label={t('content.news.pages')}>
          {prev ? (
            <Link to={newsPageHref(base, prev)} rel="prev" className="button">
              {t('content.news.newer')}
            </Link>
          ) : null}
          <span className="news__page">{t('content.news.page', { page, pages })}</span>
          {next ? (
            <Link to={newsPageHref(base, next)} rel="next" className="button">
              {t('content.news.older')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** One article (`/blog/<slug>`): its date, title and text, and the way back to the list. */
export function NewsArticle({ page, date }: { page: CmsPage; date: string }) {
  const { t, locale } = useI18n();
  return (
    <article className="page cms content news-article" data-slug={page.slug} lang={page.locale}>
      <Link to={localizePath('/blog', locale)} className="content__back">
        {t('content.news.back')}
      </Link>
      <time className="news__date" dateTime={date}>
        {formatArticleDate(date, locale)}
      </time>
      <h1>{page.title}</h1>
      <div className="cms__content" dangerouslySetInnerHTML={{ __html: page.content }} />
    </article>
  );
}
