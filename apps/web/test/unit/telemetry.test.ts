/** The page's telemetry sender (docs/telemetry.md "The page"): batching, consent, never throwing. */
import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '@orbit/contracts';
import {
  ANALYTICS_FLUSH_MS,
  createTelemetry,
  LOG_LINES_PER_PAGE,
  readCookie,
  telemetry,
  utmMetricsOf,
  type Schedule,
  type Transport,
} from '../../app/lib/telemetry';

/** A transport that records the calls, and a schedule run by hand. */
function harness(options: { allowed?: () => boolean; failing?: boolean } = {}) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  const transport: Transport = (method, path, body) => {
    if (options.failing) throw new Error('no network');
    sent.push({ method, path, body });
  };
  let pending: { run: () => void; ms: number; cancelled: boolean } | null = null;
  const schedule: Schedule = (run, ms) => {
    const timer = { run, ms, cancelled: false };
    pending = timer;
    return () => {
      timer.cancelled = true;
    };
  };
  const sender = createTelemetry({
    transport,
    schedule,
    ...(options.allowed ? { analyticsAllowed: options.allowed } : {}),
  });
  const fire = () => {
    const timer = pending;
    pending = null;
    if (timer && !timer.cancelled) timer.run();
  };
  return { sender, sent, fire, pending: () => pending };
}

const click = (n: number): AnalyticsEvent => ({ name: 'banner_click', banner: `b${n}` });
const batches = (sent: Array<{ path: string; body: unknown }>) =>
  sent.filter((s) => s.path === '/analytics/events').map((s) => (s.body as { events: AnalyticsEvent[] }).events);

describe('the analytics batch', () => {
  it('waits for more events after the first, then sends them in one call', () => {
    const { sender, sent, fire, pending } = harness();
    sender.track(click(1));
    sender.track(click(2));
    expect(sent).toEqual([]);
    expect(pending()?.ms).toBe(ANALYTICS_FLUSH_MS);
    fire();
    expect(sent).toEqual([{ method: 'POST', path: '/analytics/events', body: { events: [click(1), click(2)] } }]);
    // The next event starts a new batch.
    sender.track(click(3));
    fire();
    expect(batches(sent)).toEqual([[click(1), click(2)], [click(3)]]);
  });

  it('sends at once when 20 are waiting, and never more than 20 a call', () => {
    const { sender, sent, fire } = harness();
    for (let i = 0; i < 45; i++) sender.track(click(i));
    expect(batches(sent).map((b) => b.length)).toEqual([20, 20]);
    fire();
    expect(batches(sent).map((b) => b.length)).toEqual([20, 20, 5]);
  });

  it('sends what waits when the page is hidden, and the timer then sends nothing twice', () => {
    const { sender, sent, fire } = harness();
    sender.track(click(1));
    sender.flush();
    fire();
    sender.flush();
    expect(batches(sent)).toEqual([[click(1)]]);
  });

  it('keeps no analytics of a visitor who chose necessary cookies, and still sends their log lines', () => {
    const { sender, sent, fire } = harness({ allowed: () => false });
    sender.track(click(1));
    sender.performance({ name: 'LCP', value: 1, page: '/' });
    sender.network({ rtt: 50, downlink: 10, effectiveType: '4g' });
    sender.utm('set', { utmMetrics: { utm_source: 'x' } });
    sender.validationError({ form: 'registration', field: 'email', code: 'taken' });
    sender.log({ level: 'error', message: 'boom' });
    fire();
    expect(sent.map((s) => s.path)).toEqual(['/log']);
  });

  it('sends each other report as its own call to its path', () => {
    const { sender, sent } = harness();
    sender.performance({ name: 'LCP', value: 1, page: '/' });
    sender.network({ rtt: 50, downlink: 10, effectiveType: '4g' });
    sender.utm('set', { utmMetrics: { utm_source: 'x' } });
    sender.utm('send', { utmMetrics: { utm_source: 'x' } });
    sender.validationError({ form: 'registration', field: 'email', code: 'taken' });
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'PUT /performance',
      'PUT /network-performance',
      'POST /log_utm_set',
      'POST /log_utm_send',
      'PUT /metrics-errors-validation',
    ]);
  });

  it(`never throws into the page, and sends at most ${LOG_LINES_PER_PAGE} log lines`, () => {
    const failing = harness({ failing: true });
    expect(() => {
      for (let i = 0; i < 25; i++) failing.sender.track(click(i));
      failing.sender.flush();
      failing.sender.log({ level: 'error', message: 'x' });
    }).not.toThrow();
    const { sender, sent } = harness();
    for (let i = 0; i < LOG_LINES_PER_PAGE + 5; i++) sender.log({ level: 'error', message: `line ${i}` });
    expect(sent).toHaveLength(LOG_LINES_PER_PAGE);
  });

  it('does nothing on the server (no window)', () => {
    expect(() => {
      telemetry.track(click(1));
      telemetry.flush();
      telemetry.log({ level: 'info', message: 'x' });
    }).not.toThrow();
  });
});

describe('the campaign cookies', () => {
  it('are read from the page cookies, decoded; none is null', () => {
    const cookies = 'orbit_ff=x; utm_source=news; utm_term=free%20spins; sub_id=s-1; stag=aff_1';
    expect(utmMetricsOf(cookies)).toEqual({ utm_source: 'news', utm_term: 'free spins', sub_id: 's-1' });
    expect(utmMetricsOf('orbit_ff=x')).toBeNull();
    expect(readCookie('a=%E0%A4%A', 'a')).toBeUndefined();
    expect(readCookie('ab=1; a=2', 'a')).toBe('2');
  });
});
