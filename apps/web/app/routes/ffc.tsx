import { data, redirect } from 'react-router';
import {
  clearFlagsCookie,
  flagsCookie,
  FlagsPage,
  isFlagName,
  parseFlagOverrides,
  resolveFlags,
  serverFlagDefaults,
} from '../features/feature-flags';
import { localizePath, parseLocalePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/ffc';

/** /ffc: the feature-flag switchboard. Choices live in a cookie the server reads too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = parseLocalePath(new URL(request.url).pathname);
  const defaults = await serverFlagDefaults(context.apiFetch);
  const flags = resolveFlags(parseFlagOverrides(request.headers.get('cookie')), defaults);
  return { flags, defaults, home: localizePath('/', locale) };
}

/** Sets one flag or resets all, then redirects back here (so a reload does not post again). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const here = new URL(request.url).pathname;
  if (form.get('intent') === 'reset') {
    return redirect(here, { headers: { 'Set-Cookie': clearFlagsCookie() } });
  }
  const flag = String(form.get('flag') ?? '');
  const value = form.get('value');
  if (!isFlagName(flag) || (value !== 'on' && value !== 'off')) {
    throw data({ errors: { flag: ['not_allowed'] } }, { status: 422 });
  }
  const overrides = { ...parseFlagOverrides(request.headers.get('cookie')), [flag]: value === 'on' };
  const defaults = await serverFlagDefaults(context.apiFetch);
  return redirect(here, { headers: { 'Set-Cookie': flagsCookie(overrides, defaults) } });
}

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'ffc.title' }), { name: 'robots', content: 'noindex' }];
}

export default function FeatureFlags({ loaderData }: Route.ComponentProps) {
  return <FlagsPage flags={loaderData.flags} defaults={loaderData.defaults} homeHref={loaderData.home} />;
}

export const ErrorBoundary = PageErrorBoundary;
