import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, tooManyRequests } from '../../src/platform/errors';
import { installErrorHandler } from '../../src/platform/http/error-handler';

const app = Fastify({ logger: false });

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/crash', async () => {
    throw new Error('connection to db.internal:5432 failed for user admin');
  });
  typed.get('/refused', async () => {
    throw new AppError(409, 'already_done', 'payment');
  });
  typed.get('/slow-down', async () => {
    throw tooManyRequests(42);
  });
  typed.post(
    '/form',
    { schema: { body: z.object({ user: z.object({ nickname: z.string().min(3, 'too_short'), age: z.number() }) }) } },
    async () => ({ ok: true }),
  );
  typed.get(
    '/lying',
    { schema: { response: { 200: z.object({ amount_cents: z.number().int() }) } } },
    async () => ({ amount_cents: 'ten' }) as never,
  );
  await app.ready();
});
afterAll(() => app.close());

describe('the one error handler', () => {
  it('answers an unexpected error with 500 and no message, stack or internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: { base: ['internal_error'] } });
    expect(res.body).not.toMatch(/db\.internal|admin|stack|at /);
  });

  it('answers a refusal with its status, field and stable code', async () => {
    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: { payment: ['already_done'] } });
  });

  it('answers rate limiting with 429 and Retry-After', async () => {
    const res = await app.inject({ method: 'GET', url: '/slow-down' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json()).toEqual({ errors: { base: ['too_many_requests'] } });
  });

  it('answers invalid input with 422 and codes per field, unwrapping the request wrapper', async () => {
    const res = await app.inject({ method: 'POST', url: '/form', payload: { user: { nickname: 'ab', age: 'x' } } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { nickname: ['too_short'], age: ['invalid_type'] } });
  });

  it('never sends an answer that breaks its own contract', async () => {
    const res = await app.inject({ method: 'GET', url: '/lying' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: { base: ['internal_error'] } });
  });

  it('answers unknown paths with JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { base: ['not_found'] } });
  });
});
