/**
 * GGR and NGR per day and currency (docs/reports.md "GGR and NGR"): a chart of the days' GGR and
 * NGR in euros (every currency converted, so the days compare), the figures per day and currency
 * in their own money, and the period's totals in euros.
 */
import { TableCell, TableRow } from '@mui/material';
import type { BackofficeGgrReport, BackofficeGgrRow, GgrFigures } from '@orbit/contracts';
import { DailyBars, euros, FigureTable, Heading, ReportPage, useMoneyFormat, type Column } from './shared';

/** The figures in the order the table shows them (NGR last: it is what the others leave). */
const FIGURES: ReadonlyArray<[keyof GgrFigures, string]> = [
  ['bets', 'Bets'],
  ['wins', 'Wins'],
  ['ggr', 'GGR'],
  ['bonus_costs', 'Bonus costs'],
  ['freespin_costs', 'of which free spins'],
  ['jackpot_contributions', 'Jackpot contributions'],
  ['jackpot_payouts', 'Jackpot payouts'],
  ['comp_point_exchanges', 'Comp points exchanged'],
  ['adjustments', 'Adjustments'],
  ['ngr', 'NGR'],
];

export default function GgrReport() {
  const money = useMoneyFormat();
  const columns: Array<Column<BackofficeGgrRow>> = [
    { label: 'Day', value: (r) => r.day },
    { label: 'Currency', value: (r) => r.currency },
    ...FIGURES.map(([figure, label]) => ({
      label,
      numeric: true,
      value: (r: BackofficeGgrRow) => money(r[figure], r.currency),
    })),
    { label: 'GGR (EUR)', numeric: true, value: (r) => money(r.eur.ggr, 'EUR') },
    { label: 'NGR (EUR)', numeric: true, value: (r) => money(r.eur.ngr, 'EUR') },
  ];
  return (
    <ReportPage<BackofficeGgrReport> title="GGR and NGR" report="ggr" fields={['currency', 'licence']} refreshable>
      {(report) => {
        const totals = report.totals_eur;
        return (
          <>
            <DailyBars
              heading="Per day, in euros"
              period={report}
              series={[
                { label: 'GGR (EUR)', rows: report.data, value: (r) => euros(r.eur.ggr) },
                { label: 'NGR (EUR)', rows: report.data, value: (r) => euros(r.eur.ngr) },
              ]}
            />
            <Heading>Per day and currency</Heading>
            <FigureTable
              label="GGR per day and currency"
              columns={columns}
              rows={report.data}
              keyOf={(r) => `${r.day}-${r.currency}`}
              footer={
                <TableRow data-testid="ggr-totals">
                  <TableCell colSpan={2}>
                    <strong>Period, in EUR</strong>
                  </TableCell>
                  {FIGURES.map(([figure]) => (
                    <TableCell key={figure} align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {money(totals[figure], 'EUR')}
                    </TableCell>
                  ))}
                  <TableCell />
                  <TableCell />
                </TableRow>
              }
            />
          </>
        );
      }}
    </ReportPage>
  );
}
