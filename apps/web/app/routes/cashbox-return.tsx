import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CashboxReturn } from '../features/cashbox';
import { useI18n } from '../lib/i18n';
import { localizePath } from '../lib/locale';
import { useSession } from '../lib/session';
import { loadSession } from '../lib/session-client';
import { SkeletonPage } from '../ui/skeleton';
import { PageErrorBoundary, pageMeta } from './route-helpers';
import type { Route } from './+types/cashbox-return';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'cashbox.return.title' }), { name: 'robots', content: 'noindex' }];
}

/**
 * `/cashbox/return`: the PSP's hosted page sends the player back here (login required, drawn
 * in the browser only). A guest goes to sign-up with this address as `redirect`.
 */
export default function CashboxReturnRoute() {
  const { t, locale } = useI18n();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    void loadSession().then((player) => {
      if (player) return;
      const target = location.pathname + location.search + location.hash;
      navigate(`${localizePath('/sign-up', locale)}?redirect=${encodeURIComponent(target)}`, { replace: true });
    });
  }, [session.status, location, locale, navigate]);
  if (!session.player) return <SkeletonPage label={t('common.loading')} />;
  return <CashboxReturn />;
}

export const ErrorBoundary = PageErrorBoundary;
