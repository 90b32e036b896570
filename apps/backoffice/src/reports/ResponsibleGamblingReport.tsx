/**
 * Responsible gambling (docs/reports.md "Responsible gambling report"): per day the limits set,
 * raised, lowered by an operator and removed, and the cooling-offs and self-exclusions started;
 * the reality checks players have on now. What the server does not record is said, not shown as 0.
 */
import { Typography } from '@mui/material';
import type { BackofficeResponsibleGamblingReport } from '@orbit/contracts';
import { DailyBars, FigureTable, Heading, ReportPage, type Column } from './shared';

type Row = BackofficeResponsibleGamblingReport['data'][number];

const EXCLUSIONS: ReadonlyArray<Row['type']> = ['cooling_off', 'self_exclusion'];

const columns: Array<Column<Row>> = [
  { label: 'Day', value: (r) => r.day },
  { label: 'Kind', value: (r) => r.type.replace('_', ' ') },
  { label: 'Set or started', numeric: true, value: (r) => r.set },
  { label: 'Raise asked', numeric: true, value: (r) => r.raise_requested },
  { label: 'Raised', numeric: true, value: (r) => r.raised },
  { label: 'Removal asked', numeric: true, value: (r) => r.removal_requested },
  { label: 'Removed', numeric: true, value: (r) => r.removed },
  { label: 'By an operator', numeric: true, value: (r) => r.by_operator },
];

export default function ResponsibleGamblingReport() {
  return (
    <ReportPage<BackofficeResponsibleGamblingReport>
      title="Responsible gambling"
      report="responsible-gambling"
      fields={[]}
    >
      {(report) => {
        const limits = report.data.filter((r) => !EXCLUSIONS.includes(r.type));
        const exclusions = report.data.filter((r) => EXCLUSIONS.includes(r.type));
        const checks = Object.entries(report.reality_checks.players_by_minutes);
        return (
          <>
            <DailyBars
              heading="Per day"
              period={report}
              series={[
                { label: 'Limits set', stack: 'limits', rows: limits, value: (r) => r.set },
                { label: 'Limits raised', stack: 'limits', rows: limits, value: (r) => r.raised },
                { label: 'Limits removed', stack: 'limits', rows: limits, value: (r) => r.removed },
                { label: 'Cooling-offs and exclusions', rows: exclusions, value: (r) => r.set },
              ]}
            />
            <FigureTable
              label="Limits per day and kind"
              columns={columns}
              rows={report.data}
              keyOf={(r) => `${r.day}-${r.type}`}
            />
            <Heading>Reality checks</Heading>
            <Typography variant="body2">
              {checks.length === 0
                ? 'No player has a reality check on.'
                : `Players with a reality check on now: ${checks.map(([minutes, n]) => `${n} every ${minutes} min`).join(', ')}.`}{' '}
              {report.reality_checks.changed} changed their interval in the period.
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Reality checks shown and games left after one are not recorded by the server; a player&apos;s own lowering
              of a limit applies at once and leaves no dated record (docs/reports.md).
            </Typography>
          </>
        );
      }}
    </ReportPage>
  );
}
