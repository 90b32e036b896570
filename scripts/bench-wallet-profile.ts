/**
 * `BENCH_PROFILE=1 npm run bench:wallet`: where a round's CPU goes (docs/performance.md, "Where a
 * round's CPU goes"). bench:wallet calls `startDatabaseProfile` right before its fixed-rate minute
 * and the answer's `report` once that minute's outbox work is delivered; the casino runs under
 * `--cpu-prof` (bench-support's BENCH_CPU_PROF) and `summariseCpuProfile` reads the samples taken
 * in that same window. Everything is divided by the rounds played (a bet and its win).
 * PostgreSQL's side needs the server started with `shared_preload_libraries=pg_stat_statements`
 * (and `pg_stat_statements.track=all` to see the statements inside the money functions); the role
 * must be allowed to create the extension in the throwaway database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/platform/db/client';

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as Row[];
const num = (v: unknown) => Number(v ?? 0);
const fixed = (v: number, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : '—');
const short = (text: string, max = 110) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return (flat.length > max ? `${flat.slice(0, max - 1)}…` : flat).replace(/\|/g, '\\|');
};

/** The monotonic clock V8's CPU profiles are stamped with (microseconds; the same in every process of the machine). */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Clock ticks a second of /proc's CPU times (100 on Linux). */
const TICKS = 100;

/** User and system CPU seconds of each thread of these processes, keyed `group` + thread name (/proc). */
function threadTimes(processes: ReadonlyArray<{ pid: number; group: string }>) {
  const times = new Map<string, { key: string; user: number; system: number }>();
  for (const { pid, group } of processes) {
    let tids: string[] = [];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone
    }
    for (const tid of tids) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[\d:]+$/, '');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        times.set(`${pid}/${tid}`, {
          key: `${group}${tid === String(pid) && group.startsWith('casino') ? ': main thread' : group.startsWith('casino') ? `: ${name}` : ''}`,
          user: Number(fields[11]) / TICKS,
          system: Number(fields[12]) / TICKS,
        });
      } catch {
        /* gone */
      }
    }
  }
  return times;
}

/** The casino's threads and this cluster's processes serving this database (its backends and the background ones). */
async function processes(db: Db, casinoPid: number) {
  const postgres = await rowsOf(
    db,
    sql`select pid, backend_type from pg_stat_activity where datname = current_database() or datname is null`,
  );
  return threadTimes([
    { pid: casinoPid, group: 'casino' },
    ...postgres.map((r) => ({ pid: num(r.pid), group: `PostgreSQL ${String(r.backend_type)}` })),
  ]);
}

/** Cluster and database counters that have no reset of their own: read before and after. */
async function counters(db: Db) {
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const [wal] = await rowsOf(
    db,
    sql`select pg_current_wal_lsn()::text as lsn, wal_records, wal_fpi, wal_bytes, wal_write, wal_sync from pg_stat_wal`,
  );
  const [xacts] = await rowsOf(
    db,
    sql`select xact_commit, xact_rollback, blks_hit, blks_read from pg_stat_database where datname = current_database()`,
  );
  const tables = await rowsOf(
    db,
    sql`select t.relname, t.n_tup_ins, t.n_tup_upd, t.n_tup_hot_upd, t.n_tup_del,
          (select count(*) from pg_index i where i.indrelid = t.relid) as indexes
        from pg_stat_user_tables t`,
  );
  return { wal: wal!, xacts: xacts!, tables: new Map(tables.map((t) => [String(t.relname), t])) };
}

/**
 * Resets pg_stat_statements (creating the extension in this database if needed) and reads the
 * counters; `report(rounds)` answers the breakdown's lines (markdown), or why there is none.
 */
export async function startDatabaseProfile(
  db: Db,
  casinoPid: number,
): Promise<{ report: (rounds: number) => Promise<string[]> }> {
  let statements = true;
  try {
    await db.execute(sql`create extension if not exists pg_stat_statements`);
    await db.execute(sql`select pg_stat_statements_reset()`);
  } catch (error) {
    statements = false;
    console.error(
      `BENCH_PROFILE: no pg_stat_statements (${(error as Error).message}); start PostgreSQL with it preloaded`,
    );
  }
  const before = await counters(db);
  const cpuBefore = await processes(db, casinoPid);
  return {
    report: async (rounds) => {
      const cpuAfter = await processes(db, casinoPid);
      const after = await counters(db);
      const out: string[] = [];
      const per = (v: number) => v / rounds;
      // CPU from /proc, by process kind and thread: what was used, where the profiles' samples are wall time.
      const cpu = new Map<string, { user: number; system: number }>();
      for (const [id, t] of cpuAfter) {
        const b = cpuBefore.get(id);
        const sum = cpu.get(t.key) ?? { user: 0, system: 0 };
        sum.user += t.user - (b?.user ?? 0);
        sum.system += t.system - (b?.system ?? 0);
        cpu.set(t.key, sum);
      }
      out.push('\n| CPU per round (/proc) | user ms | system ms |', '|---|---:|---:|');
      for (const [key, t] of [...cpu].sort((a, b) => b[1].user + b[1].system - a[1].user - a[1].system))
        if (t.user + t.system > 0)
          out.push(`| ${key} | ${fixed(per(t.user * 1000), 3)} | ${fixed(per(t.system * 1000), 3)} |`);
      const delta = (key: string) => num(after.wal[key]) - num(before.wal[key]);
      const [walDiff] = await rowsOf(
        db,
        sql`select pg_wal_lsn_diff(${String(after.wal.lsn)}::pg_lsn, ${String(before.wal.lsn)}::pg_lsn) as bytes`,
      );
      out.push(
        `\nPostgreSQL per round (${rounds} rounds): WAL ${fixed(per(num(walDiff!.bytes)), 0)} bytes (pg_stat_wal: ${fixed(per(delta('wal_bytes')), 0)} bytes, ${fixed(per(delta('wal_records')), 1)} records, ${fixed(per(delta('wal_fpi')), 2)} full-page images), ${fixed(per(delta('wal_write')), 2)} WAL writes, ${fixed(per(delta('wal_sync')), 2)} WAL flushes (fsync); ${fixed(per(num(after.xacts.xact_commit) - num(before.xacts.xact_commit)), 2)} commits, ${fixed(per(num(after.xacts.xact_rollback) - num(before.xacts.xact_rollback)), 3)} rollbacks, ${fixed(per(num(after.xacts.blks_hit) - num(before.xacts.blks_hit)), 0)} buffer hits, ${fixed(per(num(after.xacts.blks_read) - num(before.xacts.blks_read)), 2)} reads`,
      );

      // Rows and index entries written, per table: an index entry per index for each insert and each update that is not HOT.
      const written = [...after.tables].map(([name, t]) => {
        const b = before.tables.get(name);
        const d = (key: string) => num(t[key]) - num(b?.[key]);
        const ins = d('n_tup_ins');
        const upd = d('n_tup_upd');
        const hot = d('n_tup_hot_upd');
        const del = d('n_tup_del');
        const indexes = num(t.indexes);
        return { name, ins, upd, hot, del, indexes, entries: (ins + upd - hot) * indexes };
      });
      const busy = written
        .filter((w) => w.ins + w.upd + w.del > 0)
        .sort((a, b) => b.entries - a.entries || b.ins + b.upd - a.ins - a.upd);
      const sum = (f: (w: (typeof busy)[number]) => number) => busy.reduce((s, w) => s + f(w), 0);
      out.push(
        `\nTables written, per round: ${fixed(per(sum((w) => w.ins)), 1)} rows inserted, ${fixed(per(sum((w) => w.upd)), 1)} updated (${fixed(per(sum((w) => w.hot)), 1)} HOT), ${fixed(per(sum((w) => w.del)), 1)} deleted; ${fixed(per(sum((w) => w.entries)), 1)} index entries written\n`,
      );
      out.push('| table | inserted | updated | of them HOT | deleted | indexes | index entries |');
      out.push('|---|---:|---:|---:|---:|---:|---:|');
      for (const w of busy)
        out.push(
          `| ${w.name} | ${fixed(per(w.ins))} | ${fixed(per(w.upd))} | ${fixed(per(w.hot))} | ${fixed(per(w.del))} | ${w.indexes} | ${fixed(per(w.entries))} |`,
        );

      if (!statements) return out;
      const rows = await rowsOf(
        db,
        sql`select s.toplevel, s.query, s.calls, s.total_exec_time, s.rows, s.wal_bytes, s.shared_blks_hit,
              s.shared_blks_read, s.shared_blks_dirtied, s.shared_blks_written
            from pg_stat_statements s
            where s.dbid = (select oid from pg_database where datname = current_database())
            order by s.total_exec_time desc`,
      );
      const top = rows.filter((r) => r.toplevel);
      const topTime = top.reduce((s, r) => s + num(r.total_exec_time), 0);
      const topWal = top.reduce((s, r) => s + num(r.wal_bytes), 0);
      out.push(
        `\nStatements sent by the casino (top level), per round: ${fixed(per(top.reduce((s, r) => s + num(r.calls), 0)), 1)} calls, ${fixed(per(topTime), 3)} ms executing (planning not counted), ${fixed(per(topWal), 0)} WAL bytes. The ${Math.min(15, top.length)} longest in total (share of the top-level time):\n`,
      );
      const table = (list: Row[], total: number) => {
        out.push(
          '| # | statement | calls/round | ms/round | share | ms/call | rows/call | WAL bytes/round | blocks dirtied/round | written/round |',
        );
        out.push('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
        list.forEach((r, i) => {
          const calls = num(r.calls);
          const time = num(r.total_exec_time);
          out.push(
            `| ${i + 1} | \`${short(String(r.query))}\` | ${fixed(per(calls), 3)} | ${fixed(per(time), 3)} | ${fixed((100 * time) / total, 1)} % | ${fixed(time / calls, 3)} | ${fixed(num(r.rows) / calls, 2)} | ${fixed(per(num(r.wal_bytes)), 0)} | ${fixed(per(num(r.shared_blks_dirtied)), 3)} | ${fixed(per(num(r.shared_blks_written)), 3)} |`,
          );
        });
      };
      table(top.slice(0, 15), topTime);
      // With track=all: the statements run inside functions (wallet_bet(), ledger_move(), …), their time part of their caller's.
      const nested = rows.filter((r) => !r.toplevel);
      if (nested.length) {
        out.push(
          `\nStatements run inside functions (their time is inside their caller's above), the ${Math.min(15, nested.length)} longest:\n`,
        );
        table(nested.slice(0, 15), topTime);
      }
      return out;
    },
  };
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** The area a function's code belongs to: a package, a part of node, V8, or a module of ours. */
function areaOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC (main thread)';
    if (functionName === '(program)') return 'V8/native, unattributed (program)';
    if (functionName === '(idle)' || functionName === '(root)') return functionName;
    if (/^(parse|stringify)$/.test(functionName)) return `JSON (${functionName})`;
    // A native function (a socket's writev, a hash's digest, a builtin): its caller's area.
    return 'native';
  }
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url.slice(url.lastIndexOf('node_modules/')));
  if (packaged) {
    const name = packaged[1]!;
    if (/^pg(-|$)/.test(name)) return `pg driver (${name})`;
    if (name === 'drizzle-orm') return 'drizzle-orm';
    if (name === 'zod') return 'zod';
    if (/fastify|find-my-way|avvio|light-my-request|fast-json-stringify|secure-json-parse|fast-querystring/.test(name))
      return `fastify (${name})`;
    return `package ${name}`;
  }
  if (url.startsWith('node:')) {
    if (url.includes('crypto')) return 'node crypto (HMAC, hashes)';
    if (/_http_|http|net|stream|socket|tcp|buffer/.test(url)) return 'node http/net/streams';
    if (url.includes('/modules/')) return 'node module loading';
    if (/async_hooks|async_local_storage|timers|task_queues|promise|events/.test(url))
      return 'node async (timers, ticks, events)';
    return 'node internals (other)';
  }
  const ours = /\/(apps\/server\/src\/(?:modules|platform)\/[^/.]+|apps\/[^/]+|packages\/[^/]+)/.exec(url);
  if (ours) return `ours: ${ours[1]!.replace('apps/server/src/', '')}`;
  return `other (${path.basename(url)})`;
}

/**
 * The casino's CPU in [from, to] (monotonic µs) from the `.cpuprofile` files its process `pid`
 * wrote in `dir` (one per thread: the main one and tsx's loader): time by area of the function
 * running (self time), by the work it serves (the wallet calls' HTTP path or the outbox's
 * handlers, judged by the frames on the stack), and the top functions; ms per round.
 */
export function summariseCpuProfile(dir: string, pid: number, from: number, to: number, rounds: number): string[] {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile') && f.split('.')[3] === String(pid));
  if (!files.length) return [`\nno CPU profile of process ${pid} in ${dir}`];
  const self = new Map<string, number>();
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  const threads: string[] = [];
  let busy = 0;
  let idle = 0;
  for (const file of files.sort()) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const before = busy;
    ({ busy, idle } = addSamples(profile, from, to, { self, owners, functions, busy, idle }));
    threads.push(`thread ${file.split('.')[4]} ${fixed((busy - before) / 1000 / rounds, 3)} ms`);
  }
  const perRound = (us: number) => fixed(us / 1000 / rounds, 3);
  const share = (us: number) => fixed((100 * us) / busy, 1);
  const out = [
    `\nThe casino's threads in the same window (V8 CPU profiles, --cpu-prof): busy ${perRound(busy)} ms a round (${threads.join(', ')}), idle ${perRound(idle)} ms`,
  ];
  const table = (title: string, map: Map<string, number>, limit: number) => {
    out.push(`\n| ${title} | ms/round | share of busy |`, '|---|---:|---:|');
    for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit))
      out.push(`| ${k.replace(/\|/g, '\\|')} | ${perRound(v)} | ${share(v)} % |`);
  };
  table('code running (self time, by area)', self, 30);
  table('work (by the frames on the stack; an await loses its callers, hence the drizzle and pg lines)', owners, 30);
  table('function (self time)', functions, 25);
  return out;
}

/** Adds one profile's samples in [from, to] to the sums (µs). */
function addSamples(
  profile: CpuProfile,
  from: number,
  to: number,
  sums: {
    self: Map<string, number>;
    owners: Map<string, number>;
    functions: Map<string, number>;
    busy: number;
    idle: number;
  },
) {
  const { self, owners, functions } = sums;
  let { busy, idle } = sums;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // A native function counts in its caller's area (writev in node's streams, a digest in crypto).
  const areaAt = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const area = areaOf(byId.get(at)!.callFrame);
      if (area !== 'native') return area;
    }
    return 'V8 builtins';
  };
  // The work a sample serves, from the frames on its stack: code after an await has lost its
  // callers, so drizzle's builders (run by `then`) and pg's replies have lines of their own.
  const works = new Map<number, string>();
  const workOf = (id: number): string => {
    const known = works.get(id);
    if (known) return known;
    const frames: ProfileNode['callFrame'][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at)!.callFrame);
    const any = (re: RegExp) => frames.some((f) => re.test(f.url));
    const top = frames[0]!.functionName;
    const answer = /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(top)
      ? `socket writes (native; off-CPU waits included) ${any(/\/pg(-protocol)?\//) ? 'to PostgreSQL' : 'of HTTP answers'}`
      : /^\((garbage collector|program)\)$/.test(top)
        ? top
        : any(
              /platform\/outbox|modules\/(loyalty|bonuses|promotions|limits|cashbox|jackpots|notifications)\/|games\/plays|wallet\/(plays|balance|accounts)/,
            )
          ? 'outbox handlers (a frame of theirs on the stack)'
          : any(/drizzle-orm\/pg-core\/query-builders\//)
            ? "drizzle's query builders after an await (handlers: the bet and win are prepared)"
            : any(/drizzle-orm/)
              ? 'drizzle, other (prepared statements, result mapping)'
              : any(/\/pg\/lib\/result|pg-types|postgres-(array|date|interval|bytea)/)
                ? 'pg: result rows parsed'
                : any(/\/pg(-protocol|-pool)?\//)
                  ? 'pg: protocol, queries, pool'
                  : any(
                        /fastify|find-my-way|avvio|_http_|platform\/http|games\/(play-routes|provider-wallet|pre-bet)|zod|crypto/,
                      )
                    ? 'wallet calls: HTTP, fastify, routes, provider-wallet, HMAC, zod'
                    : `other: ${areaAt(id)}`;
    works.set(id, answer);
    return answer;
  };
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (t < from || t > to) continue;
    const node = byId.get(profile.samples[i]!)!;
    const area = areaAt(node.id);
    if (area === '(idle)' || area === '(root)') {
      idle += next;
      continue;
    }
    busy += next;
    self.set(area, (self.get(area) ?? 0) + next);
    owners.set(workOf(node.id), (owners.get(workOf(node.id)) ?? 0) + next);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}` : '';
    const fn = `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + next);
  }
  return { busy, idle };
}
