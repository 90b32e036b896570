/**
 * Promotions (docs/reports.md "Promotions report"): the take-up and cost of each bonus template
 * issued in the period, its free spins, and the tournaments and lotteries that ran in it.
 */
import type { BackofficePromotionsReport } from '@orbit/contracts';
import { FigureTable, Heading, ReportBars, ReportPage, useMoneyFormat, type Column } from './shared';

type Report = BackofficePromotionsReport;
type BonusRow = Report['bonuses'][number];
type FreespinsRow = Report['freespins'][number];
type TournamentRow = Report['tournaments'][number];
type LotteryRow = Report['lotteries'][number];

const when = (at: string) => at.slice(0, 16).replace('T', ' ');

export default function PromotionsReport() {
  const money = useMoneyFormat();
  const prizeMoney = (list: TournamentRow['prize_money']) =>
    list.length === 0 ? '—' : list.map((p) => money(p.amount_cents, p.currency)).join(', ');

  const bonusColumns: Array<Column<BonusRow>> = [
    { label: 'Template', value: (r) => r.title },
    { label: 'Kind', value: (r) => r.kind },
    { label: 'Currency', value: (r) => r.currency },
    { label: 'Issued', numeric: true, value: (r) => r.issued },
    { label: 'Activated', numeric: true, value: (r) => r.activated },
    { label: 'Converted', numeric: true, value: (r) => r.converted },
    { label: 'Cost (converted)', numeric: true, value: (r) => money(r.converted_cents, r.currency) },
    { label: 'Lost', numeric: true, value: (r) => r.lost },
    { label: 'Canceled', numeric: true, value: (r) => r.canceled },
    { label: 'Expired', numeric: true, value: (r) => r.expired },
    { label: 'Forfeited', numeric: true, value: (r) => money(r.forfeited_cents, r.currency) },
    { label: 'Running', numeric: true, value: (r) => r.running },
  ];
  const freespinColumns: Array<Column<FreespinsRow>> = [
    { label: 'Template', value: (r) => r.title },
    { label: 'Currency', value: (r) => r.currency },
    { label: 'Issued', numeric: true, value: (r) => r.issued },
    { label: 'Activated', numeric: true, value: (r) => r.activated },
    { label: 'Spins granted', numeric: true, value: (r) => r.spins_granted },
    { label: 'Spins played', numeric: true, value: (r) => r.spins_played },
    { label: 'Winnings', numeric: true, value: (r) => money(r.wins_cents, r.currency) },
    { label: 'Canceled', numeric: true, value: (r) => r.canceled },
    { label: 'Expired', numeric: true, value: (r) => r.expired },
  ];
  const tournamentColumns: Array<Column<TournamentRow>> = [
    { label: 'Tournament', value: (r) => r.title },
    { label: 'From', value: (r) => when(r.start_at) },
    { label: 'To', value: (r) => when(r.end_at) },
    { label: 'Finished', value: (r) => (r.finished ? 'yes' : 'no') },
    { label: 'Entrants', numeric: true, value: (r) => r.entrants },
    { label: 'Their bets', numeric: true, value: (r) => money(r.bets_cents, r.currency) },
    { label: 'Prizes paid', numeric: true, value: (r) => r.prizes_paid },
    { label: 'Skipped', numeric: true, value: (r) => r.prizes_skipped },
    { label: 'Prize money', numeric: true, value: (r) => prizeMoney(r.prize_money) },
    { label: 'Free spins', numeric: true, value: (r) => r.prize_freespins },
    { label: 'Comp points', numeric: true, value: (r) => r.prize_comp_points },
  ];
  const lotteryColumns: Array<Column<LotteryRow>> = [
    { label: 'Lottery', value: (r) => r.title },
    { label: 'From', value: (r) => when(r.start_at) },
    { label: 'To', value: (r) => when(r.end_at) },
    { label: 'Drawn', value: (r) => (r.drawn ? 'yes' : 'no') },
    { label: 'Tickets', numeric: true, value: (r) => r.tickets },
    { label: 'Players', numeric: true, value: (r) => r.players },
    { label: 'Prizes paid', numeric: true, value: (r) => r.prizes_paid },
    { label: 'Skipped', numeric: true, value: (r) => r.prizes_skipped },
    { label: 'Prize money', numeric: true, value: (r) => prizeMoney(r.prize_money) },
    { label: 'Free spins', numeric: true, value: (r) => r.prize_freespins },
    { label: 'Comp points', numeric: true, value: (r) => r.prize_comp_points },
  ];
  return (
    <ReportPage<Report> title="Promotions report" report="promotions" fields={['currency']}>
      {(report) => (
        <>
          <ReportBars
            heading="Take-up of the bonuses issued in the period"
            categories={report.bonuses.map((r) => `${r.title} (${r.currency})`)}
            series={[
              { label: 'Issued', data: report.bonuses.map((r) => r.issued) },
              { label: 'Activated', data: report.bonuses.map((r) => r.activated) },
              { label: 'Converted', data: report.bonuses.map((r) => r.converted) },
            ]}
          />
          <FigureTable
            label="Bonuses per template"
            columns={bonusColumns}
            rows={report.bonuses}
            keyOf={(r) => `${r.template_id}-${r.currency}`}
            empty="No bonus issued in this period."
          />
          <Heading>Free spins</Heading>
          <FigureTable
            label="Free spins per template"
            columns={freespinColumns}
            rows={report.freespins}
            keyOf={(r) => `${r.template_id}-${r.currency}`}
            empty="No free spins issued in this period."
          />
          <Heading>Tournaments</Heading>
          <FigureTable
            label="Tournaments"
            columns={tournamentColumns}
            rows={report.tournaments}
            keyOf={(r) => String(r.id)}
            empty="No tournament ran in this period."
          />
          <Heading>Lotteries</Heading>
          <FigureTable
            label="Lotteries"
            columns={lotteryColumns}
            rows={report.lotteries}
            keyOf={(r) => String(r.id)}
            empty="No lottery ran in this period."
          />
        </>
      )}
    </ReportPage>
  );
}
