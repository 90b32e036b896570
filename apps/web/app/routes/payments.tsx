import { paymentMethodsInfoResponseSchema, type PaymentMethodInfo } from '@orbit/contracts';
import { findCmsPage } from '../features/cms';
import { PaymentsPage } from '../features/content';
import { serverApi } from '../lib/api';
import { serverEndpoints } from '../lib/endpoints.server';
import { parseLocalePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import { emptyOnFailure } from '../lib/telemetry';
import type { Route } from './+types/payments';

/**
 * `/payments` (docs/rules/content-pages.md "Payments page"): the CMS page `payments` and the
 * payment methods' information cards in the site's default currency. A list that fails to load
 * is logged and left empty (LOAD_PAYMENT_METHODS_ERROR).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = parseLocalePath(new URL(request.url).pathname);
  const api = serverEndpoints(context.apiFetch, locale);
  const project = await api.project();
  const [page, methods] = await Promise.all([
    findCmsPage('payments', project.licence, api.cmsPage),
    serverApi(context.apiFetch, locale)
      .get(`/api/cashbox/methods/info?currency=${encodeURIComponent(project.default_currency)}`, {
        schema: paymentMethodsInfoResponseSchema,
      })
      .then((info) => info.methods)
      .catch(emptyOnFailure('LOAD_PAYMENT_METHODS_ERROR', [] as PaymentMethodInfo[])),
  ]);
  return { page, methods };
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  const title = page
    ? page.blocks.title
      ? { full: page.blocks.title }
      : { text: page.title }
    : { key: 'content.payments.title' };
  return pageMeta(args, args.loaderData ? title : null, page?.blocks.description || undefined);
}

export default function PaymentsRoute({ loaderData }: Route.ComponentProps) {
  return <PaymentsPage page={loaderData.page} methods={loaderData.methods} />;
}

export const ErrorBoundary = PageErrorBoundary;
