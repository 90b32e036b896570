import { z } from 'zod';

/**
 * `GET /api/health`, the readiness check: `ok` while the database answers (503 `unavailable` when it
 * does not, 503 `stopping` once a graceful stop began); `redis` says whether the pub/sub answers
 * (realtime only: its loss degrades pushes, never play, so the instance stays ready).
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'stopping']),
  database: z.enum(['pglite', 'postgres']),
  redis: z.enum(['ok', 'unavailable', 'not_configured']),
});
export type Health = z.infer<typeof healthSchema>;
/** `GET /api/health/live`, the liveness check: the process answers (whatever the database does). */
export const livenessSchema = z.object({ status: z.literal('ok') });
