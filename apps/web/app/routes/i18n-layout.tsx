import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { fetchMessageBundle, i18nOf } from '../features/i18n';
import { messageBundleWithOverrides } from '../features/i18n/messages.server';
import { I18nProvider } from '../lib/i18n';
import { parseLocalePath } from '../lib/locale';
import type { Route } from './+types/i18n-layout';

/**
 * Server: the request's locale and its messages go into the HTML (hydration needs no extra
 * request and the first paint is already translated), with the CMS's overrides over the bundled texts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = parseLocalePath(new URL(request.url).pathname);
  return { locale, messages: await messageBundleWithOverrides(locale, context.apiFetch) };
}

/**
 * Browser, on a client-side switch to another locale: the messages come from
 * /messages/<lang>.json with the five-minute cache-busting bucket (docs/rules/page-shell.md
 * "Translations"). Not run on hydration.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { locale } = parseLocalePath(new URL(request.url).pathname);
  return { locale, messages: await fetchMessageBundle(locale) };
}

/** The messages depend on the locale only, and each locale has its own route id. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return parseLocalePath(currentUrl.pathname).locale !== parseLocalePath(nextUrl.pathname).locale;
}

export default function I18nLayout({ loaderData }: Route.ComponentProps) {
  const { locale, messages } = loaderData;
  return (
    <I18nProvider value={i18nOf(locale, messages)}>
      <Outlet />
    </I18nProvider>
  );
}
