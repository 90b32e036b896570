/**
 * The significant events log (docs/reports.md "Significant events"): game changes, jackpot hits,
 * big wins, adjustments, sign-ins, limit and exclusion changes, ledger audits, system starts and
 * stops, newest first, a page at a time; the CSV export holds the whole filtered log.
 */
import { useEffect, useState } from 'react';
import { TablePagination } from '@mui/material';
import type { BackofficeSignificantEvent } from '@orbit/contracts';
import { FigureTable, queryOf, ReportFrame, useFilters, useMoneyFormat, useReport, type Column } from './shared';

const FIELDS = ['kind'] as const;
const PER_PAGE = 25;

type Events = { data: BackofficeSignificantEvent[]; total: number };

/** The event's details in one line (the log's own words; long ones cut, the CSV has them whole). */
function detailOf(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  const text = typeof detail === 'string' ? detail : JSON.stringify(detail);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export default function SignificantEventsReport() {
  const [filters, setFilters] = useFilters(FIELDS);
  const [page, setPage] = useState(0);
  const query = queryOf(filters);
  // Other filters, other events: back to the newest.
  useEffect(() => setPage(0), [query]);
  const loaded = useReport<Events>(
    `/reports/significant-events?${queryOf(filters, { page: page + 1, per_page: PER_PAGE })}`,
  );
  const money = useMoneyFormat();
  const events = loaded.data;
  const columns: Array<Column<BackofficeSignificantEvent>> = [
    { label: 'When', value: (e) => e.at.slice(0, 19).replace('T', ' ') },
    { label: 'Kind', value: (e) => e.kind.replaceAll('_', ' ') },
    { label: 'What', value: (e) => e.action },
    { label: 'Who', value: (e) => e.actor },
    { label: 'Player', value: (e) => e.player_id ?? '' },
    { label: 'Game', value: (e) => e.game ?? '' },
    {
      label: 'Amount',
      numeric: true,
      value: (e) => (e.amount_cents === null || !e.currency ? '' : money(e.amount_cents, e.currency)),
    },
    { label: 'Details', value: (e) => detailOf(e.detail) },
  ];
  return (
    <ReportFrame
      title="Significant events"
      report="significant-events"
      filters={filters}
      onFilters={setFilters}
      fields={FIELDS}
      // The log is read as it is now.
      asOf={loaded.receivedAt}
      loaded={loaded}
    >
      {events && (
        <>
          <FigureTable
            label="Significant events"
            columns={columns}
            rows={events.data}
            keyOf={(e) => e.id}
            empty="No significant event in this period."
          />
          <TablePagination
            component="div"
            count={events.total}
            page={page}
            rowsPerPage={PER_PAGE}
            rowsPerPageOptions={[PER_PAGE]}
            onPageChange={(_, next) => setPage(next)}
          />
        </>
      )}
    </ReportFrame>
  );
}
