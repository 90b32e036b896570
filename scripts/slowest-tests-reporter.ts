/**
 * Prints, after every run, the ten slowest tests with the share of their time limit they used, so
 * that a test drifting towards its limit shows in every CI log before it fails (docs/testing.md).
 * The limit is the test's own `timeout` or its project's `testTimeout`; a test over a third of it
 * is marked, as the project promises 3× headroom on a loaded 2-core machine.
 */
import path from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

const SHOWN = 10;
/** The share of its limit a test may use in a normal run: 3× headroom. */
const HEADROOM_SHARE = 1 / 3;

export interface TestTiming {
  name: string;
  durationMs: number;
  limitMs: number;
}

/** The `count` slowest timings, slowest first, as the table printed after a run. */
export function slowestTestsTable(timings: readonly TestTiming[], count = SHOWN): string {
  const rows = [...timings].sort((a, b) => b.durationMs - a.durationMs).slice(0, count);
  if (rows.length === 0) return '';
  const over = rows.filter((r) => r.durationMs > r.limitMs * HEADROOM_SHARE).length;
  const lines = [
    `Slowest ${rows.length} tests (time / limit; over a third of the limit is marked "!"):`,
    ...rows.map((r) => {
      const share = r.limitMs > 0 ? r.durationMs / r.limitMs : 1;
      const mark = share > HEADROOM_SHARE ? '!' : ' ';
      const time = `${(r.durationMs / 1000).toFixed(2)} s`.padStart(9);
      const limit = `${(r.limitMs / 1000).toFixed(0)} s`.padStart(5);
      const pct = `${(share * 100).toFixed(0)} %`.padStart(5);
      return `${mark} ${time} / ${limit} ${pct}  ${r.name}`;
    }),
  ];
  if (over > 0)
    lines.push(
      `${over} of them use more than a third of their limit: make them cheaper or give them a limit of their own.`,
    );
  return lines.join('\n');
}

/**
 * The tests a run skipped, by suite: here those that need a PostgreSQL server or Redis
 * (`runIf(DATABASE_URL)`, `runIf(REDIS_URL)`), which .ci/run's second pass runs. Said in every
 * summary, so that a green run on the embedded database is not read as "everything ran".
 */
export function skippedSummary(suites: readonly string[]): string {
  if (suites.length === 0) return '';
  const counts = new Map<string, number>();
  for (const suite of suites) counts.set(suite, (counts.get(suite) ?? 0) + 1);
  return [
    `${suites.length} tests skipped in this run (those that need PostgreSQL or Redis run when DATABASE_URL / REDIS_URL is set, as in .ci/run's second pass):`,
    ...[...counts].map(([suite, count]) => `    ${String(count).padStart(3)}  ${suite}`),
  ].join('\n');
}

function* testsOf(modules: ReadonlyArray<TestModule>): Generator<TestCase> {
  for (const m of modules) yield* m.children.allTests();
}

export default class SlowestTestsReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timings: TestTiming[] = [];
    for (const test of testsOf(modules)) {
      const diagnostic = test.diagnostic();
      if (!diagnostic || test.result().state === 'skipped') continue;
      const file = path.relative(this.root, test.module.moduleId);
      timings.push({
        name: `[${test.project.name}] ${file} › ${test.fullName}`,
        durationMs: diagnostic.duration,
        limitMs: test.options.timeout ?? test.project.config.testTimeout,
      });
    }
    const table = slowestTestsTable(timings);
    if (table) process.stdout.write(`\n${table}\n`);
    const skipped = skippedSummary(
      [...testsOf(modules)]
        .filter((test) => test.result().state === 'skipped')
        .map((test) => `${path.relative(this.root, test.module.moduleId)} › ${test.fullName.split(' > ')[0]}`),
    );
    if (skipped) process.stdout.write(`\n${skipped}\n`);
  }
}
