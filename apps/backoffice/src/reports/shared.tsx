/**
 * What every report screen shares (docs/backoffice.md "Report screens"): the filters kept in the
 * page's address (a report can be bookmarked and sent to a colleague), the report fetched from
 * `/api/backoffice/reports/<name>`, "as of", the CSV export of the same filters, and the Refresh
 * of the daily aggregates for the roles that keep the figures (finance, admin): `ReportPage` puts
 * them together, a report's screen draws only its own chart and tables (`DayBars`, `FigureTable`).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Title, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router';
import { LICENCES, SIGNIFICANT_EVENT_KINDS, type BackofficeMe, type CurrenciesResponse } from '@orbit/contracts';
import { api, ApiError } from '../api';
import { formatMoney } from '../players/money';

export type FilterName = 'currency' | 'licence' | 'provider' | 'game' | 'kind';
export type Filters = { from: string; to: string } & Partial<Record<FilterName, string>>;

const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The default period: the last 30 UTC days up to today, as the server's own default. */
export function defaultPeriod(now = new Date()): { from: string; to: string } {
  return { from: utcDay(new Date(now.getTime() - 29 * DAY_MS)), to: utcDay(now) };
}

/** The filters read from the address, the default period where it says none. */
export function useFilters(names: readonly FilterName[]): [Filters, (patch: Partial<Filters>) => void] {
  const [params, setParams] = useSearchParams();
  // The address as last changed: two changes before the page drew the first (From, then To, on a
  // busy machine: the router applies them in a transition) each start from the one before.
  const latest = useRef(params);
  const drawn = useRef(params);
  if (drawn.current !== params) {
    drawn.current = params;
    latest.current = params;
  }
  const period = defaultPeriod();
  const filters: Filters = { from: params.get('from') || period.from, to: params.get('to') || period.to };
  for (const name of names) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const change = (patch: Partial<Filters>) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    latest.current = next;
    setParams(next, { replace: true });
  };
  return [filters, change];
}

/** The query string of the filters, empty ones left out. */
export function queryOf(filters: Filters, extra: Record<string, string | number> = {}): string {
  const entries = Object.entries({ ...filters, ...extra })
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => [key, String(value)]);
  return new URLSearchParams(entries).toString();
}

type LoadState<T> = {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** When the answer arrived (ISO): "as of" for the reports read live. */
  receivedAt: string | undefined;
};
export type Loaded<T> = LoadState<T> & { reload: () => void };

/** A report's JSON for `path` (`/reports/ggr?…`), fetched again when the path changes or on reload. */
export function useReport<T>(path: string): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>({
    data: undefined,
    error: undefined,
    loading: true,
    receivedAt: undefined,
  });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    api<T>('GET', path).then(
      (data) => current && setState({ data, error: undefined, loading: false, receivedAt: new Date().toISOString() }),
      (error: unknown) =>
        current && setState({ data: undefined, error: error as Error, loading: false, receivedAt: undefined }),
    );
    return () => {
      current = false;
    };
  }, [path, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}

let currencies: Promise<CurrenciesResponse> | null = null;
/** The casino's currencies (codes and minor units), read once per page load. */
export function useCurrencies(): CurrenciesResponse {
  const [list, setList] = useState<CurrenciesResponse>([]);
  useEffect(() => {
    let current = true;
    currencies ??= fetch('/api/info/currencies').then(async (r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return (await r.json()) as CurrenciesResponse;
    });
    currencies.then(
      (answer) => current && setList(answer),
      () => {
        currencies = null;
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return list;
}

/** Formats minor units of a currency in its major unit ("1,234.50 EUR"); cents when the currency is unknown. */
export function useMoneyFormat(): (cents: number | null | undefined, currency: string) => string {
  const list = useCurrencies();
  const units = useMemo(() => new Map(list.map((c) => [c.code, c.subunits_to_unit])), [list]);
  return (cents, currency) =>
    cents === null || cents === undefined ? '—' : formatMoney(cents, currency, units.get(currency) ?? 100);
}

/** EUR cents as euros, for the charts' axes (numbers, not text). */
export const euros = (cents: number) => cents / 100;

/** A share (0.25) as a percentage ("25.0 %"); a dash when there is none. */
export const percent = (share: number | null | undefined, digits = 1) =>
  share === null || share === undefined ? '—' : `${(share * 100).toFixed(digits)} %`;

/**
 * The days of the period, oldest first: the charts' axis, days without a row included (as zero).
 * `to` is a day (the last one) or an instant (exclusive, as the server answers a period of instants).
 */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const last = to.length > 10 ? utcDay(new Date(Date.parse(to) - 1)) : to;
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let at = Date.parse(`${from.slice(0, 10)}T00:00:00Z`); at <= end && days.length < 400; at += DAY_MS)
    days.push(utcDay(new Date(at)));
  return days;
}

/** Sums `value` of the rows per day into the period's days (zero for a day without a row). */
export function perDay<R extends { day: string }>(days: string[], rows: readonly R[], value: (row: R) => number) {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.day, (sums.get(row.day) ?? 0) + value(row));
  return days.map((day) => sums.get(day) ?? 0);
}

let me: Promise<BackofficeMe> | null = null;
/** The signed-in operator's role (the Refresh button is for those who keep the figures). */
export function useRole(): string | undefined {
  const [role, setRole] = useState<string>();
  useEffect(() => {
    let current = true;
    me ??= api<BackofficeMe>('GET', '/me');
    me.then(
      (answer) => current && setRole(answer.operator.role),
      () => {
        me = null;
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return role;
}

/** The roles that recompute the daily aggregates from the page. */
const REFRESHERS = ['finance', 'admin'];

/**
 * "As of" of an answer: when its figures were computed (UTC), or that none are yet. Today's
 * figures are the reports job's last pass (every 5 minutes); "Refresh figures" recomputes now.
 */
export function AsOf({ at }: { at: string | null | undefined }) {
  const text = at ? `As of ${at.slice(0, 19).replace('T', ' ')} UTC` : 'Not computed yet';
  return (
    <Typography variant="body2" color="text.secondary" data-testid="as-of">
      {text}
    </Typography>
  );
}

/** The message of a failed call: its field codes ("to: too_long") or its status. */
const messageOf = (error: Error) =>
  error instanceof ApiError && error.status === 403 ? 'Your role may not read this report.' : error.message;

type FrameProps = {
  title: string;
  /** The report's path under `/api/backoffice/reports/`: `ggr`, `games` … */
  report: string;
  filters: Filters;
  onFilters: (patch: Partial<Filters>) => void;
  /** The filters this report takes besides the period. */
  fields: readonly FilterName[];
  asOf: string | null | undefined;
  loaded: Pick<Loaded<unknown>, 'error' | 'loading' | 'reload'>;
  /** Whether the report is read from the daily aggregates that `POST /reports/refresh` recomputes. */
  refreshable?: boolean;
  /** The report's chart and tables. */
  children: ReactNode;
};

/** A report's page: title, filters, as of, Export CSV and Refresh, then the report's own chart and tables. */
export function ReportFrame({
  title,
  report,
  filters,
  onFilters,
  fields,
  asOf,
  loaded,
  refreshable,
  children,
}: FrameProps) {
  const notify = useNotify();
  const role = useRole();
  const list = useCurrencies();
  const [busy, setBusy] = useState(false);
  const csvQuery = queryOf(filters);
  const refresh = async () => {
    setBusy(true);
    try {
      const done = await api<{ days: string[] }>('POST', '/reports/refresh', { from: filters.from, to: filters.to });
      notify(`Recomputed ${done.days.length} day${done.days.length === 1 ? '' : 's'}.`, { type: 'success' });
      loaded.reload();
    } catch (error) {
      notify(error instanceof Error ? `Not recomputed: ${error.message}` : 'Not recomputed.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
          component="form"
          aria-label="Filters"
        >
          {(['from', 'to'] as const).map((end) => (
            <TextField
              key={end}
              label={end === 'from' ? 'From' : 'To'}
              type="date"
              size="small"
              value={filters[end]}
              onChange={(e) => onFilters({ [end]: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
          {fields.includes('currency') && (
            <SelectFilter
              label="Currency"
              value={filters.currency}
              options={list.map((c) => c.code)}
              onChange={(currency) => onFilters({ currency })}
            />
          )}
          {fields.includes('licence') && (
            <SelectFilter
              label="Licence"
              value={filters.licence}
              options={LICENCES}
              onChange={(licence) => onFilters({ licence })}
            />
          )}
          {fields.includes('provider') && (
            <DebouncedText label="Provider" value={filters.provider} onChange={(provider) => onFilters({ provider })} />
          )}
          {fields.includes('game') && (
            <DebouncedText label="Game" value={filters.game} onChange={(game) => onFilters({ game })} />
          )}
          {fields.includes('kind') && (
            <TextField
              select
              label="Kind"
              size="small"
              sx={{ minWidth: 200 }}
              value={filters.kind ? filters.kind.split(',') : []}
              onChange={(e) => {
                const value = e.target.value as unknown as string[] | string;
                onFilters({ kind: Array.isArray(value) ? value.join(',') : value });
              }}
              slotProps={{ select: { multiple: true } }}
            >
              {SIGNIFICANT_EVENT_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {kind.replaceAll('_', ' ')}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="outlined" href={`/api/backoffice/reports/${report}.csv?${csvQuery}`} download>
            Export CSV
          </Button>
          {refreshable && role && REFRESHERS.includes(role) && (
            // Named apart from the app bar's Refresh, which only reads the figures again.
            <Button variant="contained" onClick={() => void refresh()} disabled={busy}>
              Refresh figures
            </Button>
          )}
        </Stack>
        <AsOf at={asOf} />
        {loaded.error && (
          <Alert severity="error" data-testid="report-error">
            {messageOf(loaded.error)}
          </Alert>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * A report's whole page: its filters from the address, the answer of `/reports/<report>` for
 * them, the frame (filters, as of, Export CSV, Refresh figures) and, once the answer is in, what
 * `children` draws of it.
 */
export function ReportPage<T extends { as_of: string | null }>({
  title,
  report,
  fields,
  refreshable,
  children,
}: Pick<FrameProps, 'title' | 'report' | 'fields' | 'refreshable'> & { children: (answer: T) => ReactNode }) {
  const [filters, setFilters] = useFilters(fields);
  const loaded = useReport<T>(`/reports/${report}?${queryOf(filters)}`);
  return (
    <ReportFrame
      title={title}
      report={report}
      filters={filters}
      onFilters={setFilters}
      fields={fields}
      asOf={loaded.data?.as_of}
      loaded={loaded}
      refreshable={refreshable}
    >
      {loaded.data && children(loaded.data)}
    </ReportFrame>
  );
}

/**
 * A report's bar chart under its heading: one bar per category (the period's days, templates,
 * games) and series; `unit` follows each value on the axis ("%").
 */
export function ReportBars({
  heading,
  categories,
  series,
  unit,
}: {
  heading: string;
  categories: string[];
  series: Array<{ label: string; data: Array<number | null>; stack?: string }>;
  unit?: string;
}) {
  return (
    <>
      <Heading>{heading}</Heading>
      <div data-testid="report-chart">
        <BarChart
          height={300}
          xAxis={[{ scaleType: 'band', data: categories }]}
          yAxis={unit ? [{ valueFormatter: (v: number | null) => (v === null ? '' : `${v} ${unit}`) }] : undefined}
          series={series}
        />
      </div>
    </>
  );
}

/** Figures per day as bars: the answer's period as the axis, one series per figure summed from its rows. */
export function DailyBars<R extends { day: string }>({
  heading,
  period,
  series,
}: {
  heading: string;
  period: { from: string; to: string };
  series: Array<{ label: string; rows: readonly R[]; value: (row: R) => number; stack?: string }>;
}) {
  const days = daysOf(period.from, period.to);
  return (
    <ReportBars
      heading={heading}
      categories={days}
      series={series.map(({ label, rows, value, stack }) => ({ label, stack, data: perDay(days, rows, value) }))}
    />
  );
}

/** A filter chosen from a list, or "All" (none). */
function SelectFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      label={label}
      size="small"
      sx={{ minWidth: 130 }}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
    >
      <MenuItem value="">All</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A text filter applied a moment after typing stops (one call per word typed, not per key). */
function DebouncedText({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => {
    if (text === (value ?? '')) return undefined;
    const timer = setTimeout(() => onChange(text.trim()), 400);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return <TextField label={label} size="small" value={text} onChange={(e) => setText(e.target.value)} />;
}

export type Column<R> = {
  label: string;
  value: (row: R) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
};

/** A plain table of the report's rows (`label`: what a screen reader announces). */
export function FigureTable<R>({
  label,
  columns,
  rows,
  keyOf,
  empty = 'Nothing in this period.',
  footer,
}: {
  label: string;
  columns: ReadonlyArray<Column<R>>;
  rows: readonly R[];
  keyOf: (row: R, index: number) => string;
  empty?: string;
  footer?: ReactNode;
}) {
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={keyOf(row, index)}>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                  {c.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {footer}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A section heading inside a report. */
export function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
      {children}
    </Typography>
  );
}
