/**
 * The page's telemetry sender (docs/telemetry.md): reports go to the casino's own host, never to
 * another. Analytics events are batched (up to 20 a call, sent a few seconds after the first one,
 * or at once when the page is hidden); every other report is one call. Sending is fire and forget
 * with `fetch(..., {keepalive: true})` (it outlives the page being closed, and unlike
 * `sendBeacon` it can PUT and send JSON): nothing here ever throws into the page or waits for an
 * answer. A visitor who chose `necessary` cookies sends only log lines; the server refuses
 * crawlers itself.
 */
import type {
  AnalyticsEvent,
  ClientLog,
  NetworkReport,
  PerformanceReport,
  UtmReport,
  ValidationErrorReport,
} from '@orbit/contracts';
import { ANALYTICS_BATCH_MAX, TELEMETRY_COOKIES, UTM_COOKIES } from '@orbit/contracts';

/** How a report leaves the page; tests hand their own. */
export type Transport = (method: 'PUT' | 'POST', path: string, body: unknown) => void;
/** Runs `run` after `ms`; answers a way to cancel it (tests hand a fake clock). */
export type Schedule = (run: () => void, ms: number) => () => void;

/** How long the first event of a batch waits for others. */
export const ANALYTICS_FLUSH_MS = 5_000;
/** The most log lines one page sends: a loop of errors must not flood the store (nor the address limit). */
export const LOG_LINES_PER_PAGE = 10;

export type TelemetrySender = {
  /** Queues an analytics event; sent with the next batch. */
  track(event: AnalyticsEvent): void;
  /** Sends the queued events now (the page is being hidden or left). */
  flush(): void;
  validationError(report: ValidationErrorReport): void;
  log(line: ClientLog): void;
  performance(report: PerformanceReport): void;
  network(report: NetworkReport): void;
  utm(kind: 'set' | 'send', report: UtmReport): void;
};

const fetchTransport: Transport = (method, path, body) => {
  void fetch(path, {
    method,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
};

const timerSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** A sender; `analyticsAllowed` is asked at each report (the visitor may answer the cookie question meanwhile). */
export function createTelemetry(
  options: {
    transport?: Transport;
    schedule?: Schedule;
    flushMs?: number;
    analyticsAllowed?: () => boolean;
  } = {},
): TelemetrySender {
  const transport = options.transport ?? fetchTransport;
  const schedule = options.schedule ?? timerSchedule;
  const flushMs = options.flushMs ?? ANALYTICS_FLUSH_MS;
  const allowed = options.analyticsAllowed ?? (() => true);
  const queue: AnalyticsEvent[] = [];
  let cancel: (() => void) | null = null;
  let logLines = 0;

  /** Never lets a failure (a missing fetch, a value JSON cannot write) reach the page. */
  const send: Transport = (method, path, body) => {
    try {
      transport(method, path, body);
    } catch {
      // Telemetry is never worth an error on the page.
    }
  };

  function flush(): void {
    cancel?.();
    cancel = null;
    while (queue.length > 0) send('POST', '/analytics/events', { events: queue.splice(0, ANALYTICS_BATCH_MAX) });
  }

  return {
    track(event) {
      if (!allowed()) return;
      queue.push(event);
      if (queue.length >= ANALYTICS_BATCH_MAX) flush();
      else cancel ??= schedule(flush, flushMs);
    },
    flush,
    validationError(report) {
      if (allowed()) send('PUT', '/metrics-errors-validation', report);
    },
    log(line) {
      if (logLines >= LOG_LINES_PER_PAGE) return;
      logLines += 1;
      send('PUT', '/log', line);
    },
    performance(report) {
      if (allowed()) send('PUT', '/performance', report);
    },
    network(report) {
      if (allowed()) send('PUT', '/network-performance', report);
    },
    utm(kind, report) {
      if (allowed()) send('POST', kind === 'set' ? '/log_utm_set' : '/log_utm_send', report);
    },
  };
}

/** A cookie of the page by name (the campaign's and the consent cookies are not HttpOnly). */
export function readCookie(cookieText: string, name: string): string | undefined {
  for (const part of cookieText.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The campaign cookies as `POST /log_utm_set` takes them; null when the visit has none. */
export function utmMetricsOf(cookieText: string): UtmReport['utmMetrics'] | null {
  const metrics: Record<string, string> = {};
  for (const name of UTM_COOKIES) {
    const value = readCookie(cookieText, name);
    if (value) metrics[name] = value.slice(0, 256);
  }
  return Object.keys(metrics).length > 0 ? metrics : null;
}

const inBrowser = (): boolean => typeof window !== 'undefined' && typeof document !== 'undefined';

/** The most fields one refused submit reports (a form shows one message per field; few have more). */
export const VALIDATION_FIELDS_PER_SUBMIT = 10;

/**
 * The reports of one refused submit: one per field the form refused, with its first code (the
 * message the form shows), in the form's order. `base` is the whole form's error (the network,
 * too many tries), not a field's, and is left out; so are empty codes.
 */
export function validationReports(
  form: string,
  errors: Readonly<Record<string, string | null | undefined>>,
  side: 'client' | 'server',
  page?: string,
): ValidationErrorReport[] {
  const reports: ValidationErrorReport[] = [];
  for (const [field, code] of Object.entries(errors)) {
    if (!code || !code.trim() || field === 'base' || !field.trim()) continue;
    reports.push({
      form: form.slice(0, 64),
      field: field.slice(0, 64),
      code: code.slice(0, 64),
      side,
      ...(page ? { page: page.slice(0, 256) } : {}),
    });
    if (reports.length >= VALIDATION_FIELDS_PER_SUBMIT) break;
  }
  return reports;
}

/** Reports a refused submit of `form` (the shared form hook and the cashbox's forms call it once per submit). */
export function reportValidationErrors(
  form: string,
  errors: Readonly<Record<string, string | null | undefined>>,
  side: 'client' | 'server',
): void {
  if (!inBrowser()) return;
  for (const report of validationReports(form, errors, side, location.pathname)) telemetry.validationError(report);
}

/**
 * Sends the visit's campaign cookies with a conversion (a registration, a first deposit):
 * `POST /log_utm_send`, as `log_utm_set` sends them; nothing when the visit has no campaign.
 */
export function reportConversion(): void {
  if (!inBrowser()) return;
  const utm = utmMetricsOf(document.cookie);
  if (utm) telemetry.utm('send', { utmMetrics: utm });
}

/**
 * Whether the payment `paymentId` is the player's first successful deposit, by their deposits
 * (newest first, one page of them): it is the only one that succeeded. A full page may hide
 * older ones, so it never counts as a first.
 */
export function isFirstDeposit(
  deposits: ReadonlyArray<{ id: number; action: string; success: boolean }>,
  paymentId: number,
  pageSize: number,
): boolean {
  if (deposits.length >= pageSize) return false;
  const succeeded = deposits.filter((p) => p.action === 'deposit' && p.success);
  return succeeded.length === 1 && succeeded[0]!.id === paymentId;
}

/** The page's sender: analytics off when the visitor chose `necessary` cookies; a no-op on the server. */
export const telemetry: TelemetrySender = createTelemetry({
  transport: (method, path, body) => {
    if (inBrowser()) fetchTransport(method, path, body);
  },
  analyticsAllowed: () => inBrowser() && readCookie(document.cookie, TELEMETRY_COOKIES.consent.name) !== 'necessary',
});

/** Queues an analytics event (a click, a view): the one line the places that start them add. */
/**
 * A failed call, logged under its own name (`LOGIN_ERROR`, `LOAD_PAYMENT_METHODS_ERROR` …;
 * docs/rules/fields.md "Named error logs"): in the browser's console and as a line of the page's
 * log (`PUT /log`, level error, the name as the message, the HTTP status and the server's codes
 * as context). Never throws; the caller decides whether the failure goes on.
 */
export function logFailure(name: string, error: unknown, sender: TelemetrySender = telemetry): void {
  console.error(name, error);
  const failure = error as { status?: unknown; errors?: unknown } | null;
  const status = typeof failure?.status === 'number' ? failure.status : undefined;
  const codes =
    failure?.errors && typeof failure.errors === 'object'
      ? Object.fromEntries(
          Object.entries(failure.errors as Record<string, unknown>)
            .slice(0, 10)
            .map(([field, list]) => [
              field.slice(0, 64),
              Array.isArray(list) ? String(list[0] ?? '').slice(0, 64) : '',
            ]),
        )
      : undefined;
  sender.log({
    level: 'error',
    message: name.slice(0, 1000),
    context: { ...(status !== undefined ? { status } : {}), ...(codes ? { codes } : {}) },
    ...(typeof location !== 'undefined' ? { page: location.pathname.slice(0, 256) } : {}),
  });
}

/**
 * A failed list load (`LOAD_*_ERROR`): reported by `logFailure` under its name and answered with
 * the empty list, so the page shows nothing there and goes on (docs/rules/fields.md "Named error logs").
 */
export function emptyOnFailure<T>(name: string, empty: T, sender: TelemetrySender = telemetry): (error: unknown) => T {
  return (error: unknown): T => {
    logFailure(name, error, sender);
    return empty;
  };
}

export function track(event: AnalyticsEvent): void {
  telemetry.track(event);
}

/** Records the visitor's cookie choice for a year (the cookie banner calls it). */
export function setConsent(choice: 'all' | 'necessary'): void {
  if (!inBrowser()) return;
  const { name, maxAge } = TELEMETRY_COOKIES.consent;
  document.cookie = `${name}=${choice}; Path=/; Max-Age=${maxAge}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

/** Records that the visitor approved the partner who sent them (kept for good). */
export function approvePartner(): void {
  if (!inBrowser()) return;
  const { name, maxAge } = TELEMETRY_COOKIES.partnerApproval;
  document.cookie = `${name}=1; Path=/; Max-Age=${maxAge}; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

let started = false;
const UTM_SENT_KEY = 'orbit_utm_sent';
const NETWORK_SENT_KEY = 'orbit_network_sent';
const EFFECTIVE_TYPES = new Set(['slow-2g', '2g', '3g', '4g']);

/** Whether this browser session already did `key`; marks it done. A storage that refuses counts as done. */
function oncePerSession(key: string): boolean {
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the page's own measures, once, in the browser: the web vitals (the `web-vitals` package,
 * loaded after the page), the connection once a session, the campaign cookies once a session, the
 * page's uncaught errors as log lines, and the batch sent when the page is hidden.
 */
export function startTelemetry(): void {
  if (!inBrowser() || started) return;
  started = true;
  const sender = telemetry;
  addEventListener('pagehide', () => sender.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sender.flush();
  });
  addEventListener('error', (event) => {
    sender.log({ level: 'error', message: String(event.message || 'error').slice(0, 1000), page: location.pathname });
  });
  const utm = utmMetricsOf(document.cookie);
  if (utm && oncePerSession(UTM_SENT_KEY)) sender.utm('set', { utmMetrics: utm });
  const connection = (navigator as Navigator & { connection?: Partial<NetworkReport> }).connection;
  if (
    connection &&
    typeof connection.rtt === 'number' &&
    typeof connection.downlink === 'number' &&
    EFFECTIVE_TYPES.has(String(connection.effectiveType)) &&
    oncePerSession(NETWORK_SENT_KEY)
  ) {
    sender.network({
      rtt: connection.rtt,
      downlink: connection.downlink,
      effectiveType: connection.effectiveType as NetworkReport['effectiveType'],
    });
  }
  void import('web-vitals')
    .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      const report = (metric: { name: string; value: number; rating: PerformanceReport['rating'] }) =>
        sender.performance({
          name: metric.name,
          value: Math.max(0, Math.min(metric.value, 3_600_000)),
          page: location.pathname.slice(0, 256),
          ...(metric.rating ? { rating: metric.rating } : {}),
        });
      for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(report);
    })
    .catch(() => undefined);
}
