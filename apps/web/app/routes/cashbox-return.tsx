import { CashboxReturn } from '../features/cashbox';
import { useI18n } from '../lib/i18n';
import { SkeletonPage } from '../ui/skeleton';
import { useLoginRequired } from '../lib/login-required';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/cashbox-return';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'cashbox.return.title' }), { name: 'robots', content: 'noindex' }];
}

/**
 * `/cashbox/return`: the PSP's hosted page sends the player back here (login required, drawn
 * in the browser only). A guest goes to sign-up with this address as `redirect`.
 */
export default function CashboxReturnRoute() {
  const { t } = useI18n();
  const session = useLoginRequired();
  if (!session.player) return <SkeletonPage label={t('common.loading')} />;
  return <CashboxReturn />;
}

export const ErrorBoundary = PageErrorBoundary;
