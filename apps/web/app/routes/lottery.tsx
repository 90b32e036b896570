import { lotterySchema } from '@orbit/contracts';
import { data } from 'react-router';
import { LotteryPage } from '../features/tournaments';
import { ApiError, serverApi } from '../lib/api';
import { parseLocalePath } from '../lib/locale';
import { logFailure } from '../lib/telemetry';
import { useMoneyFormat } from '../lib/money-format';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/lottery';

/**
 * A lottery's page (`/lottery/{slug}`; docs/rules/promotions.md "A lottery's page"):
 * server-rendered with its prizes and its draw data; the player's tickets follow in the browser.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { locale } = parseLocalePath(new URL(request.url).pathname);
  const lottery = await serverApi(context.apiFetch, locale)
    .get(`/api/lotteries/${encodeURIComponent(params.slug)}`, { schema: lotterySchema })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
      logFailure('LOAD_LOTTERY_ERROR', error);
      throw data(null, { status: 503 });
    });
  return { lottery };
}

export function meta(args: Route.MetaArgs) {
  const lottery = args.loaderData?.lottery;
  return pageMeta(args, lottery ? { text: lottery.title } : null, lottery?.description || undefined);
}

export default function LotteryRoute({ loaderData }: Route.ComponentProps) {
  return <LotteryPage lottery={loaderData.lottery} money={useMoneyFormat()} />;
}

export const ErrorBoundary = PageErrorBoundary;
