/**
 * Players (docs/reports.md "Players"): registrations, first deposits and active players per day
 * as lines, the daily figures with the conversion, and the retention of each registration week.
 */
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { BackofficeCohort, BackofficePlayersReport, BackofficePlayersRow } from '@orbit/contracts';
import { daysOf, FigureTable, Heading, percent, perDay, ReportPage, type Column } from './shared';

const columns: Array<Column<BackofficePlayersRow>> = [
  { label: 'Day', value: (r) => r.day },
  { label: 'Registrations', numeric: true, value: (r) => r.registrations },
  { label: 'First deposits', numeric: true, value: (r) => r.first_depositors },
  { label: 'Conversion', numeric: true, value: (r) => percent(r.conversion) },
  { label: 'Active players', numeric: true, value: (r) => r.active_players },
];

/** One line per registration week, one column per week since: the share of its players who staked then. */
function Cohorts({ cohorts }: { cohorts: readonly BackofficeCohort[] }) {
  const weeks = Math.max(0, ...cohorts.map((c) => c.retention.length));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Retention by registration week">
        <TableHead>
          <TableRow>
            <TableCell>Registration week</TableCell>
            <TableCell align="right">Players</TableCell>
            {Array.from({ length: weeks }, (_, week) => (
              <TableCell key={week} align="right">
                Week {week}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {cohorts.map((cohort) => (
            <TableRow key={cohort.week}>
              <TableCell>{cohort.week}</TableCell>
              <TableCell align="right">{cohort.registrations}</TableCell>
              {Array.from({ length: weeks }, (_, week) => (
                <TableCell
                  key={week}
                  align="right"
                  title={week < cohort.active.length ? `${cohort.active[week]} active` : undefined}
                >
                  {week < cohort.retention.length ? percent(cohort.retention[week]) : ''}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export default function PlayersReport() {
  return (
    <ReportPage<BackofficePlayersReport> title="Players report" report="players" fields={['licence']} refreshable>
      {(report) => {
        const days = daysOf(report.from, report.to);
        return (
          <>
            <Heading>Per day</Heading>
            <div data-testid="report-chart">
              <LineChart
                height={300}
                xAxis={[{ scaleType: 'point', data: days }]}
                series={[
                  { label: 'Registrations', data: perDay(days, report.data, (r) => r.registrations) },
                  { label: 'First deposits', data: perDay(days, report.data, (r) => r.first_depositors) },
                  { label: 'Active players', data: perDay(days, report.data, (r) => r.active_players) },
                ]}
              />
            </div>
            <FigureTable label="Players per day" columns={columns} rows={report.data} keyOf={(r) => r.day} />
            <Heading>Retention by registration week</Heading>
            {report.cohorts.length > 0 ? (
              <Cohorts cohorts={report.cohorts} />
            ) : (
              <FigureTable
                label="Retention"
                columns={[]}
                rows={[]}
                keyOf={() => ''}
                empty="No week starts in this period."
              />
            )}
          </>
        );
      }}
    </ReportPage>
  );
}
