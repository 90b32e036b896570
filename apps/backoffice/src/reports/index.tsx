/**
 * The report screens (permission `reports.read`: finance, risk, admin), one menu entry each.
 * Each page is loaded when first opened (React.lazy): the charting library and the pages stay
 * out of the bundle every other operator downloads.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading } from 'react-admin';

/** A lazily loaded page, with react-admin's spinner while its code arrives. */
function lazyPage(page: LazyExoticComponent<ComponentType>): ComponentType {
  return function ReportPage() {
    const Page = page;
    return (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    );
  };
}

const report = (name: string, label: string, page: LazyExoticComponent<ComponentType>) => ({
  name,
  list: lazyPage(page),
  options: { label },
});

/**
 * Registered as resources whose list is the page, as the ledger audit is, so that the menu offers
 * them at `/backoffice/report_<name>`.
 */
export const reports = [
  report(
    'report_ggr',
    'GGR and NGR',
    lazy(() => import('./GgrReport')),
  ),
  report(
    'report_payments',
    'Payments report',
    lazy(() => import('./PaymentsReport')),
  ),
  report(
    'report_players',
    'Players report',
    lazy(() => import('./PlayersReport')),
  ),
  report(
    'report_games',
    'Games and RTP',
    lazy(() => import('./GamesReport')),
  ),
  report(
    'report_promotions',
    'Promotions report',
    lazy(() => import('./PromotionsReport')),
  ),
  report(
    'report_responsible_gambling',
    'Responsible gambling',
    lazy(() => import('./ResponsibleGamblingReport')),
  ),
  report(
    'report_significant_events',
    'Significant events',
    lazy(() => import('./SignificantEventsReport')),
  ),
];
