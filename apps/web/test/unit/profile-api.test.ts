import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../app/lib/api';

/** The calls the profile adds to the page's API client: PATCH, and DELETE with a body. */
describe('api client calls of the profile', () => {
  const recording = () => {
    const calls: Array<{ url: string; method?: string; body?: unknown; headers: Record<string, string> }> = [];
    const client = createApiClient({
      timeoutMs: 1000,
      fetch: async (input, init) => {
        calls.push({
          url: String(input),
          method: init?.method,
          body: init?.body,
          headers: (init?.headers ?? {}) as Record<string, string>,
        });
        return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    return { client, calls };
  };

  it('sends PATCH with a JSON body and the CSRF header', async () => {
    const { client, calls } = recording();
    await client.patch('/api/player', { context: 'edition', user: { city: 'Sydney' } });
    expect(calls[0]).toMatchObject({
      url: '/api/player',
      method: 'PATCH',
      body: '{"context":"edition","user":{"city":"Sydney"}}',
    });
    expect(calls[0]!.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it('sends a DELETE body when given one (turning two-factor off), none otherwise', async () => {
    const { client, calls } = recording();
    await client.delete('/api/v2/player/two_factor', { body: { two_factor: { authentication_code: '123456' } } });
    await client.delete('/api/player/sessions');
    expect(calls[0]).toMatchObject({ method: 'DELETE', body: '{"two_factor":{"authentication_code":"123456"}}' });
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[1]).toMatchObject({ method: 'DELETE', body: undefined });
    expect(calls[1]!.headers['Content-Type']).toBeUndefined();
  });
});
