/**
 * The Redis pub/sub while Redis is away (docs/operations.md "Drills", redis-down): one warning when
 * it goes and one every 30 s, not one per reconnection try (several a second); a line when it is
 * back; and a stop that does not wait for it.
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RedisPubSub } from '../../src/platform/realtime/pubsub';

const hasRedisServer = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function capturingLog() {
  const lines: Array<{ level: string; msg: string; failedTries?: number }> = [];
  const at = (level: string) => (fields: { failedTries?: number } | string, msg?: string) =>
    lines.push({
      level,
      msg: typeof fields === 'string' ? fields : (msg ?? ''),
      failedTries: typeof fields === 'string' ? undefined : fields.failedTries,
    });
  const log = {
    warn: at('warn'),
    info: at('info'),
    error: at('error'),
    debug: at('debug'),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the Redis pub/sub without Redis', () => {
  it('warns once while its tries keep failing, says unavailable, and stops at once', async () => {
    const { log, lines } = capturingLog();
    const pubsub = await RedisPubSub.connect(`redis://127.0.0.1:${await freePort()}`, log);
    await sleep(1_500);
    expect(pubsub.state()).toBe('unavailable');
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    const started = Date.now();
    await pubsub.close();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it.runIf(hasRedisServer)('says when it is connected again, with the tries that failed', async () => {
    const port = await freePort();
    const { log, lines } = capturingLog();
    const pubsub = await RedisPubSub.connect(`redis://127.0.0.1:${port}`, log);
    await sleep(500);
    const redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    try {
      for (let i = 0; i < 50 && pubsub.state() !== 'ok'; i++) await sleep(100);
      expect(pubsub.state()).toBe('ok');
      await sleep(100);
      const back = lines.find((l) => l.msg === 'redis pub/sub connected again');
      expect(back?.failedTries).toBeGreaterThan(0);
      expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    } finally {
      await pubsub.close();
      redis.kill('SIGTERM');
    }
  });
});
