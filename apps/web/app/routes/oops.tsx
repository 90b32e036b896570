import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localizePath, type Locale } from '../lib/locale';
import { StatusPage } from '../ui/status-page';
import { pageMeta } from './route-helpers';
import type { Route } from './+types/oops';

/** /oops: where the page sends a visitor after an error it cannot recover from. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, { key: 'oops.title' }), { name: 'robots', content: 'noindex' }];
}

export default function Oops() {
  const { t, i18n } = useTranslation();
  return (
    <StatusPage title={t('oops.title')} text={t('oops.text')}>
      <Link to={localizePath('/', i18n.language as Locale)} className="button button--primary">
        {t('oops.home')}
      </Link>
    </StatusPage>
  );
}
