import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { useEffect } from 'react';
import { useCspNonce } from './lib/csp-nonce';
import { PLAYER_HINT_ATTRIBUTE, SESSION_HINT } from './lib/session';
import { canonicalPath, hreflangAlternates, isNoindexPath, parseLocalePath } from './lib/locale';
import { useOfferedLocales } from './lib/offered-locales';
import { startTelemetry } from './lib/telemetry';
import { NOT_BLOCKED } from './lib/legal-block';
import { INSTALL_HINT_SCRIPT } from './features/pwa/install-hint';
import { PROMO_OFF_SCRIPT } from './features/shell/promo-hint';
import type { Route } from './+types/root';
import './styles/global.css';

/**
 * The site's own address, for absolute hreflang and canonical links; and the legal block the
 * server found for the visitor (lib/legal-block.ts), the same for every page of a visit.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return { origin: new URL(request.url).origin, legalBlock: context.legalBlock ?? NOT_BLOCKED };
}

export function shouldRevalidate() {
  return false;
}

/**
 * Head tags every page needs, derived from the path alone so that error pages get them
 * too: hreflang alternates (the host's locales + x-default), canonical, and robots noindex for
 * paths deeper than 4 segments (the locale prefix not counted).
 */
function SeoLinks() {
  const { pathname, search } = useLocation();
  const origin = useRouteLoaderData<typeof loader>('root')?.origin ?? '';
  // Only the languages this host offers (docs/licences.md "Languages per host").
  const offered = useOfferedLocales();
  const page = new URLSearchParams(search).get('page');
  const canonical =
    origin + canonicalPath(pathname) + (page && page !== '1' ? `?page=${encodeURIComponent(page)}` : '');
  return (
    <>
      {isNoindexPath(pathname) ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={canonical} />
      {hreflangAlternates(pathname, origin, offered).map((alt) => (
        <link key={alt.hrefLang} rel="alternate" hrefLang={alt.hrefLang} href={alt.href} />
      ))}
    </>
  );
}

/**
 * Set with the session hint but kept for the page's life (the hint goes once the session is known):
 * the parts rendered on their own code's arrival (islands: the banners' carousel) may still show
 * the server's HTML then, and keep drawing it for a player (banners.css).
 */
const PLAYER_PAGE_ATTRIBUTE = 'data-player-page';

/**
 * Runs before the page is painted: a browser that signed in (the session hint) marks the page, and
 * the shell keeps the guest's buttons hidden until the session is known, so that a player's page,
 * the same HTML a guest gets, never flashes "Sign in" (docs/page-shell.md "Header"); the promo's
 * slot and the guests' banners take no room for it. The install notice and the promo banner mark
 * whether they will show, so that their room is kept from the first paint and nothing moves when
 * they come (docs/page-shell.md "Layers", "Header").
 */
const PLAYER_HINT_SCRIPT =
  `try{localStorage.getItem(${JSON.stringify(SESSION_HINT)})==="1"&&(document.documentElement.setAttribute(${JSON.stringify(PLAYER_HINT_ATTRIBUTE)},""),document.documentElement.setAttribute(${JSON.stringify(PLAYER_PAGE_ATTRIBUTE)},""))}catch(e){}` +
  INSTALL_HINT_SCRIPT +
  PROMO_OFF_SCRIPT;

const FAVICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="8" fill="#ffc24b"/><ellipse cx="16" cy="16" rx="14" ry="5.5" fill="none" stroke="#8b7cff" stroke-width="2.5" transform="rotate(-25 16 16)"/></svg>',
  );

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const { locale } = parseLocalePath(pathname);
  const nonce = useCspNonce();
  return (
    // The hint's attribute is set by the script below before React hydrates the page.
    <html lang={locale} dir="ltr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PLAYER_HINT_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b1020" />
        <meta name="color-scheme" content="dark" />
        {/* Inline icon: no /favicon.ico request (which would be a 404). */}
        <link rel="icon" type="image/svg+xml" href={FAVICON} />
        {/* Installing as an app (docs/rules/page-shell.md "Install as an app"). */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <Meta />
        <SeoLinks />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // The page's own measures (web vitals, the connection, the campaign), once, in the browser.
  useEffect(startTelemetry, []);
  // Says the page is interactive (React has taken over the server's HTML): links and buttons
  // act in the page from here on. Set last, after every route's own effects; journeys and
  // monitors wait for it instead of guessing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return <Outlet />;
}

/**
 * Last resort, when even the page frame failed (no translations or header data to draw
 * with): a plain message and a way home.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main className="page status-page">
      <title>{notFound ? 'Page not found' : 'Something went wrong'}</title>
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="status-page__text">
        {notFound ? 'There is nothing at this address.' : 'We could not show this page. Please try again in a moment.'}
      </p>
      <a className="button button--primary" href="/">
        Home
      </a>
    </main>
  );
}
