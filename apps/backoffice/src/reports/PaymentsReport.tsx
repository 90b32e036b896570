/**
 * Payments per day, method and currency (docs/reports.md "Payments"): a chart of the days'
 * deposits and cashouts in euros, and the figures with declines, rejections and the time a paid
 * cashout took.
 */
import type { BackofficePaymentsReport, BackofficePaymentsRow } from '@orbit/contracts';
import { DailyBars, euros, FigureTable, Heading, ReportPage, useMoneyFormat, type Column } from './shared';

/** A duration in milliseconds as hours and minutes ("2 h 05 min"), seconds under a minute. */
export function duration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')} min` : `${minutes} min`;
}

export default function PaymentsReport() {
  const money = useMoneyFormat();
  const columns: Array<Column<BackofficePaymentsRow>> = [
    { label: 'Day', value: (r) => r.day },
    { label: 'Method', value: (r) => r.method },
    { label: 'Currency', value: (r) => r.currency },
    { label: 'Deposits', numeric: true, value: (r) => r.deposits },
    { label: 'Deposited', numeric: true, value: (r) => money(r.deposits_cents, r.currency) },
    { label: 'Declined', numeric: true, value: (r) => r.declines },
    { label: 'Cashouts', numeric: true, value: (r) => r.cashouts },
    { label: 'Paid out', numeric: true, value: (r) => money(r.cashouts_cents, r.currency) },
    { label: 'Rejected', numeric: true, value: (r) => r.cashouts_rejected },
    { label: 'Time to payout (avg)', numeric: true, value: (r) => duration(r.approval_avg_ms) },
    { label: '(median)', numeric: true, value: (r) => duration(r.approval_median_ms) },
    { label: 'Deposited (EUR)', numeric: true, value: (r) => money(r.deposits_eur, 'EUR') },
    { label: 'Paid out (EUR)', numeric: true, value: (r) => money(r.cashouts_eur, 'EUR') },
  ];
  return (
    <ReportPage<BackofficePaymentsReport>
      title="Payments report"
      report="payments"
      fields={['currency', 'licence']}
      refreshable
    >
      {(report) => (
        <>
          <DailyBars
            heading="Deposits and cashouts per day, in euros"
            period={report}
            series={[
              { label: 'Deposits (EUR)', rows: report.data, value: (r) => euros(r.deposits_eur) },
              { label: 'Cashouts (EUR)', rows: report.data, value: (r) => euros(r.cashouts_eur) },
            ]}
          />
          <Heading>Per day, method and currency</Heading>
          <FigureTable
            label="Payments per day, method and currency"
            columns={columns}
            rows={report.data}
            keyOf={(r) => `${r.day}-${r.method}-${r.currency}`}
          />
        </>
      )}
    </ReportPage>
  );
}
