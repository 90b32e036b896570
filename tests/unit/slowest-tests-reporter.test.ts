import { describe, expect, it } from 'vitest';
import { skippedSummary, slowestTestsTable, type TestTiming } from '../../scripts/slowest-tests-reporter';

const timing = (name: string, durationMs: number, limitMs = 5_000): TestTiming => ({ name, durationMs, limitMs });

describe('the slowest-tests table printed after every run', () => {
  it('lists the ten slowest, slowest first, with their time, limit and share of it', () => {
    const timings = Array.from({ length: 14 }, (_, i) => timing(`test ${i}`, 100 * (i + 1)));
    const lines = slowestTestsTable(timings).split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe('     1.40 s /   5 s  28 %  test 13');
    expect(lines[10]).toContain('test 4');
    expect(lines.join('\n')).not.toContain('test 3');
  });

  it('marks a test over a third of its own limit, and says how many there are', () => {
    const table = slowestTestsTable([
      timing('heavy but allowed', 12_000, 60_000),
      timing('drifting', 1_700),
      timing('quick', 300),
    ]);
    expect(table).toContain('  12.00 s /  60 s  20 %  heavy but allowed');
    expect(table).toContain('!    1.70 s /   5 s  34 %  drifting');
    expect(table).toMatch(/1 of them use more than a third of their limit/);
  });

  it('prints nothing when no test ran', () => {
    expect(slowestTestsTable([])).toBe('');
  });

  it('names the suites a run skipped, with how many tests each, so a PGlite-only run says what it left out', () => {
    const summary = skippedSummary([
      'apps/server/test/api/wallet-concurrency.test.ts › concurrent transfers on PostgreSQL',
      'apps/server/test/api/wallet-concurrency.test.ts › concurrent transfers on PostgreSQL',
      'apps/server/test/api/realtime.test.ts › realtime across instances through Redis',
    ]).split('\n');
    expect(summary[0]).toMatch(/^3 tests skipped in this run \(those that need PostgreSQL or Redis/);
    expect(summary.slice(1)).toEqual([
      '      2  apps/server/test/api/wallet-concurrency.test.ts › concurrent transfers on PostgreSQL',
      '      1  apps/server/test/api/realtime.test.ts › realtime across instances through Redis',
    ]);
    expect(skippedSummary([])).toBe('');
  });
});
