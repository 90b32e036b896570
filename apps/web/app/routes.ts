import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';
import { LOCALES, DEFAULT_LOCALE } from './lib/locale';

/**
 * The public pages, once per locale: English unprefixed, every other locale under `/<code>`
 * (spec: locale prefixes). Route ids carry the locale (`lobby@de`), so a route module serves
 * all of them and reads its locale from the URL.
 *
 * Each locale's tree: i18n layout (messages) → shell layout (header, footer) → pages.
 */
function pages(locale: string) {
  const id = (name: string) => `${name}@${locale}`;
  return [
    layout('routes/i18n-layout.tsx', { id: id('i18n') }, [
      layout('routes/shell-layout.tsx', { id: id('shell') }, [
        index('routes/lobby.tsx', { id: id('lobby') }),
        route('pokies/all', 'routes/category.tsx', { id: id('pokies-all') }),
        route('pokies/:slug', 'routes/category.tsx', { id: id('pokies') }),
        route('live/all', 'routes/category.tsx', { id: id('live-all') }),
        route('live/:slug', 'routes/category.tsx', { id: id('live') }),
        route('categories/:slug', 'routes/category.tsx', { id: id('categories') }),
        route('producers/:slug', 'routes/producer.tsx', { id: id('producer') }),
        route('producers/:slug/:page', 'routes/producer.tsx', { id: id('producer-page') }),
        route('oops', 'routes/oops.tsx', { id: id('oops') }),
        route('ffc', 'routes/ffc.tsx', { id: id('ffc') }),
        // Static pages (/privacy-policy, /terms-and-conditions ...) and every other CMS slug;
        // anything the CMS does not know is the 404 page.
        route('*', 'routes/cms-page.tsx', { id: id('cms') }),
      ]),
    ]),
  ];
}

export default [
  route('messages/:file', 'routes/messages.ts'),
  ...pages(DEFAULT_LOCALE),
  ...LOCALES.filter((l) => l !== DEFAULT_LOCALE).flatMap((locale) => prefix(locale, pages(locale))),
] satisfies RouteConfig;
