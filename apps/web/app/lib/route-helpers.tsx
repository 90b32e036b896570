/**
 * Pieces every page route shares (not a route module itself): titles for `meta`, the
 * page-level error boundary, reading the page's locale and shell data. The login guard is in
 * `login-required.ts`: it brings the session client, which no other page needs in its first
 * JavaScript (here it was in every page's, the lobby's included).
 */
import { isRouteErrorResponse, Link, useRouteError, type MetaDescriptor } from 'react-router';
import { translate, useI18n, type MessageBundle } from './i18n';
import { DEFAULT_LOCALE, localizePath, parseLocalePath, type Locale } from './locale';
import { StatusPage } from '../ui/status-page';

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

function dataOf(match: MatchLike): unknown {
  return match?.loaderData ?? match?.data;
}

/** The messages and site name of the page being described (from the layouts' loader data). */
function layoutData(matches: ReadonlyArray<MatchLike>) {
  const i18n = dataOf(matches.find((m) => m?.id.startsWith('i18n@'))) as
    { locale: Locale; messages: MessageBundle } | undefined;
  const shell = dataOf(matches.find((m) => m?.id.startsWith('shell@'))) as { projectName: string } | undefined;
  return { locale: i18n?.locale ?? DEFAULT_LOCALE, messages: i18n?.messages, siteName: shell?.projectName ?? '' };
}

/** `meta` of a page: "<title> | <site>", an optional description, and the error pages' titles. */
export function pageMeta(
  args: { matches: ReadonlyArray<MatchLike>; error?: unknown },
  /** `full`: a title that already names the site (a CMS page's SEO title): used as it is. */
  title: { key: string; vars?: Record<string, string>; fallback?: string } | { text: string } | { full: string } | null,
  description?: string,
): MetaDescriptor[] {
  const { locale, messages, siteName } = layoutData(args.matches);
  const t = (key: string, vars?: Record<string, string>, fallback?: string) =>
    translate(messages, locale, key, vars, fallback);
  let text: string;
  if (args.error !== undefined && args.error !== null) {
    text = isRouteErrorResponse(args.error) && args.error.status === 404 ? t('notFound.title') : t('oops.title');
  } else if (title === null) {
    text = '';
  } else if ('full' in title) {
    return withDescription([{ title: title.full }], description);
  } else {
    text = 'text' in title ? title.text : t(title.key, title.vars, title.fallback);
  }
  const full = [text, siteName].filter(Boolean).join(' | ');
  return withDescription([{ title: full }], description);
}

function withDescription(out: MetaDescriptor[], description: string | undefined): MetaDescriptor[] {
  if (description) out.push({ name: 'description', content: description });
  return out;
}

/** Error boundary of a page: the 404 page for "not found", the oops page for anything else. */
export function PageErrorBoundary() {
  const error = useRouteError();
  const { t, locale } = useI18n();
  const home = localizePath('/', locale);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage code="404" title={t('notFound.title')} text={t('notFound.text')}>
        <Link to={home} className="button button--primary">
          {t('notFound.home')}
        </Link>
      </StatusPage>
    );
  }
  console.error(error);
  return (
    <StatusPage title={t('oops.title')} text={t('oops.text')}>
      <Link to={home} className="button button--primary">
        {t('oops.home')}
      </Link>
    </StatusPage>
  );
}

/** The locale of a loader's request. */
export function requestLocale(request: Request): Locale {
  return parseLocalePath(new URL(request.url).pathname).locale;
}

/** `?page=n` (or a path segment): a whole number from 1, else null. */
export function pageNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return 1;
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}
