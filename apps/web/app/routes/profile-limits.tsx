import { LimitsTab, useLimitMoney } from '../features/limits';
import { useProfilePlayer } from '../features/profile';
import { useI18n } from '../lib/i18n';
import { localizePath } from '../lib/locale';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/profile-limits';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'limits.pageTitle' }), { name: 'robots', content: 'noindex' }];
}

/**
 * `/profile/limits`: the responsible-gambling limits and the reality check, with the cashbox's
 * money rules; the withdrawal the exclusions advise is the cashbox's `/withdraw` popup over this tab.
 */
export default function ProfileLimitsPage() {
  const { locale } = useI18n();
  return (
    <LimitsTab player={useProfilePlayer()} money={useLimitMoney()} cashoutHref={localizePath('/withdraw', locale)} />
  );
}

export const ErrorBoundary = PageErrorBoundary;
