import { bonusOfferSchema } from '@orbit/contracts';
import { data } from 'react-router';
import { BonusPage } from '../features/content';
import { ApiError, serverApi } from '../lib/api';
import { serverEndpoints } from '../lib/endpoints.server';
import { parseLocalePath } from '../lib/locale';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/bonus';

/**
 * `/bonus/<key>` (docs/rules/content-pages.md "Bonus page"): one offer open to everyone, in the
 * site's default currency; an unknown, retired or group-only offer is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale } = parseLocalePath(new URL(request.url).pathname);
  if (!/^[a-z0-9-]{2,64}$/.test(params.key)) throw data(null, { status: 404 });
  const project = await serverEndpoints(context.apiFetch, locale).project();
  try {
    const offer = await serverApi(context.apiFetch, locale).get(
      `/api/bonuses/offers/${params.key}?currency=${encodeURIComponent(project.default_currency)}`,
      { schema: bonusOfferSchema },
    );
    return { offer };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) throw data(null, { status: 404 });
    throw error;
  }
}

export function meta(args: Route.MetaArgs) {
  const offer = args.loaderData?.offer;
  return pageMeta(args, offer ? { text: offer.title } : null, offer?.description || undefined);
}

export default function BonusRoute({ loaderData }: Route.ComponentProps) {
  const money = useMoneyFormat();
  return <BonusPage offer={loaderData.offer} money={money} />;
}

export const ErrorBoundary = PageErrorBoundary;
