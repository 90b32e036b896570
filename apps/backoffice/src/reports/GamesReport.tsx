/**
 * Games and RTP (docs/reports.md "Games and RTP"): per game and currency the rounds, players and
 * money, and the observed RTP beside the exact one with its 99 % interval; a chip says whether
 * the game is inside it, outside it (flagged: worth a look), or has no interval to hold it to.
 * Today is read as of the reports job's last pass (as the other reports); "Refresh figures"
 * recomputes it now. Players are player-days: each day's distinct players, summed over the days.
 */
import { Chip } from '@mui/material';
import type { BackofficeGameReportRow, BackofficeGamesReport } from '@orbit/contracts';
import { FigureTable, Heading, percent, ReportBars, ReportPage, useMoneyFormat, type Column } from './shared';

/** Fewer effective rounds than this and the server flags nothing (docs/reports.md): said on the chip. */
const FLAG_MIN_ROUNDS = 1_000;

/** The verdict of a game's observed RTP against its interval, as a chip. */
export function RtpChip({ row }: { row: BackofficeGameReportRow }) {
  if (row.flagged) return <Chip size="small" color="error" label="Outside interval" />;
  if (!row.interval || row.observed_rtp === null) return <Chip size="small" variant="outlined" label="No interval" />;
  if (row.effective_rounds < FLAG_MIN_ROUNDS) return <Chip size="small" variant="outlined" label="Too few rounds" />;
  return <Chip size="small" color="success" label="Inside interval" />;
}

const rtp = (share: number | null) => percent(share, 2);

export default function GamesReport() {
  const money = useMoneyFormat();
  const columns: Array<Column<BackofficeGameReportRow>> = [
    { label: 'Game', value: (r) => r.title },
    { label: 'Provider', value: (r) => r.provider },
    { label: 'Currency', value: (r) => r.currency },
    { label: 'Rounds', numeric: true, value: (r) => r.rounds },
    { label: 'Player-days', numeric: true, value: (r) => r.players },
    { label: 'Bets', numeric: true, value: (r) => money(r.bets_cents, r.currency) },
    { label: 'Wins', numeric: true, value: (r) => money(r.wins_cents, r.currency) },
    { label: 'Jackpot wins', numeric: true, value: (r) => money(r.jackpot_wins_cents, r.currency) },
    { label: 'GGR', numeric: true, value: (r) => money(r.ggr_cents, r.currency) },
    { label: 'GGR (EUR)', numeric: true, value: (r) => (r.ggr_eur === null ? '—' : `${r.ggr_eur} EUR`) },
    { label: 'Observed RTP', numeric: true, value: (r) => rtp(r.observed_rtp) },
    { label: 'Exact RTP', numeric: true, value: (r) => rtp(r.exact_rtp) },
    {
      label: '99 % interval',
      numeric: true,
      value: (r) => (r.interval ? `${rtp(r.interval.low)} – ${rtp(r.interval.high)}` : '—'),
    },
    { label: 'Effective rounds', numeric: true, value: (r) => Math.round(r.effective_rounds) },
    { label: 'RTP check', value: (r) => <RtpChip row={r} /> },
  ];
  return (
    <ReportPage<BackofficeGamesReport>
      title="Games and RTP"
      report="games"
      fields={['currency', 'provider', 'game']}
      refreshable
    >
      {(report) => {
        const charted = report.data.filter((r) => r.observed_rtp !== null);
        return (
          <>
            <ReportBars
              heading="Observed RTP against the exact RTP and its 99 % interval"
              categories={charted.map((r) => `${r.title} (${r.currency})`)}
              unit="%"
              series={[
                { label: 'Interval low %', data: charted.map((r) => (r.interval ? r.interval.low * 100 : null)) },
                { label: 'Observed RTP %', data: charted.map((r) => (r.observed_rtp ?? 0) * 100) },
                { label: 'Interval high %', data: charted.map((r) => (r.interval ? r.interval.high * 100 : null)) },
              ]}
            />
            <Heading>Per game and currency</Heading>
            <FigureTable
              label="Games per currency"
              columns={columns}
              rows={report.data}
              keyOf={(r) => `${r.game}-${r.currency}`}
              empty="No rounds in this period."
            />
          </>
        );
      }}
    </ReportPage>
  );
}
