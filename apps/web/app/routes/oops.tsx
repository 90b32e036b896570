import { Link } from 'react-router';
import { useI18n } from '../lib/i18n';
import { localizePath } from '../lib/locale';
import { StatusPage } from '../ui/status-page';
import { pageMeta } from '../lib/route-helpers';
import type { Route } from './+types/oops';

/** /oops: where the page sends a visitor after an error it cannot recover from. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'oops.title' }), { name: 'robots', content: 'noindex' }];
}

export default function Oops() {
  const { t, locale } = useI18n();
  return (
    <StatusPage title={t('oops.title')} text={t('oops.text')}>
      <Link to={localizePath('/', locale)} className="button button--primary">
        {t('oops.home')}
      </Link>
    </StatusPage>
  );
}
