import { Outlet } from 'react-router';
import { ProfileNav } from '../features/profile';
import { useI18n } from '../lib/i18n';
import { SkeletonPage } from '../ui/skeleton';
import { useLoginRequired } from '../lib/login-required';
import { PageErrorBoundary, pageMeta } from '../lib/route-helpers';
import './profile.css';
import type { Route } from './+types/profile';

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'auth.profileTitle' }), { name: 'robots', content: 'noindex' }];
}

/**
 * The profile's layout (login required): title, tabs, and the tab's page with the player.
 * Drawn in the browser only: the server renders a placeholder (its page cache serves guests'
 * HTML). A guest is sent to registration with the full target as `redirect`, on every tab
 * (docs/rules/routes-and-guards.md "Login required").
 */
export default function ProfileLayout() {
  const { t } = useI18n();
  const session = useLoginRequired();

  const player = session.player;
  if (!player) return <SkeletonPage label={t('common.loading')} />;
  return (
    <div className="page profile">
      <h1>{t('auth.profileTitle')}</h1>
      <ProfileNav />
      <Outlet context={player} />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
