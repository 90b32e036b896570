/**
 * Calls to `/api/backoffice/*` as the casino expects them: JSON, the session cookie, and the
 * `X-Requested-With` header every state-changing call must carry (docs/security.md, CSRF).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: Record<string, string[]>,
  ) {
    super(
      Object.entries(errors)
        .map(([field, codes]) => `${field}: ${codes.join(', ')}`)
        .join('; ') || `HTTP ${status}`,
    );
  }
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/backoffice${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 204) return undefined as T;
  const answer = (await response.json().catch(() => ({}))) as { errors?: Record<string, string[]> };
  if (!response.ok) throw new ApiError(response.status, answer.errors ?? {});
  return answer as T;
}
