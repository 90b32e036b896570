/**
 * The back office: react-admin over the casino's `/api/backoffice/*`, one resource per area,
 * shown only to the roles that may use it. English for now, through react-admin's i18n provider.
 */
import { Admin, CustomRoutes, Resource } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { BrowserRouter, Route, Routes } from 'react-router';
import { adjustments } from './adjustments';
import { auditLog } from './audit-log';
import { authProvider, TWO_FACTOR_PATH } from './authProvider';
import { bonusGrants, bonusTemplates } from './bonuses';
import { cashouts } from './cashouts';
import { catalogueResources } from './catalogue';
import { contentBanners, contentFeConfigs, contentPages, contentSnippets, contentTranslations } from './content';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { documents } from './kyc';
import { SignInPage } from './layout/SignInPage';
import { SectionedLayout } from './layout/SectionedMenu';
import { darkTheme, lightTheme } from './layout/theme';
import { TwoFactorSetup } from './layout/TwoFactorSetup';
import { ledgerAudit } from './ledger-audit';
import { loyaltyResources } from './loyalty';
import { operators } from './operators';
import { players } from './players';
import { lotteries, tournaments } from './promotions';
import { quests, wheel } from './promotions';
import { featureFlags, limitDefaults, referenceRates } from './reference';
import { reports } from './reports';
import { supportInbox } from './support';

/** react-admin's English, with empty lists worded for every area ("No Cashout queue found" reads oddly). */
const messages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    page: { ...englishMessages.ra.page, empty: 'Nothing here yet.' },
    navigation: { ...englishMessages.ra.navigation, no_results: 'Nothing found.' },
  },
};
const i18nProvider = polyglotI18nProvider(() => messages, 'en');

/**
 * Browser addresses under /backoffice (the casino answers every one of them with this app): the
 * router has no basename and mounts the admin at /backoffice/*, whose links carry the prefix.
 */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/backoffice/*" element={<BackOffice />} />
      </Routes>
    </BrowserRouter>
  );
}

function BackOffice() {
  return (
    <Admin
      basename="/backoffice"
      title="Orbit back office"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={SignInPage}
      layout={SectionedLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
      dashboard={Dashboard}
      requireAuth
      disableTelemetry
    >
      {(permissions: string[] | undefined) => [
        <CustomRoutes key="setup" noLayout>
          <Route path={TWO_FACTOR_PATH} element={<TwoFactorSetup />} />
        </CustomRoutes>,
        ...(permissions?.includes('players.read') ? [<Resource key="players" {...players} />] : []),
        ...(permissions?.includes('cashouts.decide') ? [<Resource key="cashouts" {...cashouts} />] : []),
        ...(permissions?.includes('adjustments.create') ? [<Resource key="adjustments" {...adjustments} />] : []),
        ...(permissions?.includes('operators.manage') ? [<Resource key="operators" {...operators} />] : []),
        ...(permissions?.includes('audit.read') ? [<Resource key="audit_log" {...auditLog} />] : []),
        ...(permissions?.includes('kyc.review') ? [<Resource key="documents" {...documents} />] : []),
        ...(permissions?.includes('ledger.audit') ? [<Resource key="ledger_audit" {...ledgerAudit} />] : []),
        ...(permissions?.includes('support.reply') ? [<Resource key="support" {...supportInbox} />] : []),
        ...(permissions?.includes('bonuses.manage') ? [<Resource key="bonus_templates" {...bonusTemplates} />] : []),
        ...(permissions?.includes('bonuses.grant') ? [<Resource key="bonus_grants" {...bonusGrants} />] : []),
        ...(permissions?.includes('reports.read')
          ? reports.map((report) => <Resource key={report.name} {...report} />)
          : []),
        ...(permissions?.includes('promotions.manage')
          ? [<Resource key="tournaments" {...tournaments} />, <Resource key="lotteries" {...lotteries} />]
          : []),
        ...(permissions?.includes('promotions.manage')
          ? [<Resource key="quests" {...quests} />, <Resource key="wheel" {...wheel} />]
          : []),
        ...(permissions?.includes('content.manage')
          ? [contentPages, contentBanners, contentSnippets, contentFeConfigs, contentTranslations].map((resource) => (
              <Resource key={resource.name} {...resource} />
            ))
          : []),
        ...(permissions?.includes('promotions.manage')
          ? loyaltyResources.map((resource) => <Resource key={resource.name} {...resource} />)
          : []),
        ...(permissions?.includes('catalogue.manage')
          ? catalogueResources.map((resource) => <Resource key={resource.name} {...resource} />)
          : []),
        ...(permissions?.includes('reference.manage') ? [<Resource key="reference_rates" {...referenceRates} />] : []),
        ...(permissions?.includes('limits.defaults') ? [<Resource key="limit_defaults" {...limitDefaults} />] : []),
        ...(permissions?.includes('content.manage') ? [<Resource key="feature_flags" {...featureFlags} />] : []),
      ]}
    </Admin>
  );
}
