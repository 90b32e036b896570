import { describe, expect, it } from 'vitest';
import { forgetValues, rememberedValues, rememberValues } from '../../app/lib/autocomplete';
import { memoryStorage } from './support/memory-storage';

describe('autocomplete scopes', () => {
  it('keeps what registration may offer again, never a password, code or captcha', () => {
    const store = memoryStorage();
    rememberValues(
      'registration',
      {
        email: ' ann@example.com ',
        password: 'Nebula-Orbit-42',
        password_confirmation: 'Nebula-Orbit-42',
        country: 'DE',
        currency: 'EUR',
        nickname: 'Ann',
        captcha: 'token',
        otp_attempt: '123456',
        terms_acceptance: true,
      },
      store,
    );
    expect(rememberedValues('registration', store)).toEqual({
      email: 'ann@example.com',
      country: 'DE',
      currency: 'EUR',
      nickname: 'Ann',
    });
    const raw = [...store.items.values()].join(' ');
    expect(raw).not.toContain('Nebula');
    expect(raw).not.toContain('token');
    expect(raw).not.toContain('123456');
  });

  it('shares the email through the global scope; a scope’s own value wins', () => {
    const store = memoryStorage();
    rememberValues('registration', { email: 'new@example.com', country: 'CA' }, store);
    expect(rememberedValues('login', store)).toEqual({ email: 'new@example.com' });
    expect(rememberedValues('global', store)).toEqual({ email: 'new@example.com' });
    rememberValues('login', { email: 'me@example.com' }, store);
    // login writes global too; registration keeps its own address
    expect(rememberedValues('registration', store)).toEqual({ email: 'new@example.com', country: 'CA' });
    expect(rememberedValues('global', store)).toEqual({ email: 'me@example.com' });
    // the login scope never keeps registration-only fields
    rememberValues('login', { email: 'me@example.com', country: 'DE', password: 'x' }, store);
    expect(rememberedValues('login', store)).toEqual({ email: 'me@example.com' });
  });

  it('keeps earlier values when a field is left empty, and forgets a whole scope', () => {
    const store = memoryStorage();
    rememberValues('registration', { email: 'a@example.com', nickname: 'Ann' }, store);
    rememberValues('registration', { email: 'a@example.com', nickname: '  ' }, store);
    expect(rememberedValues('registration', store).nickname).toBe('Ann');
    forgetValues('registration', store);
    forgetValues('global', store);
    expect(rememberedValues('registration', store)).toEqual({});
  });

  it('ignores broken or tampered storage', () => {
    const store = memoryStorage();
    store.setItem('orbit_autocomplete_login', '{not json');
    expect(rememberedValues('login', store)).toEqual({});
    store.setItem(
      'orbit_autocomplete_login',
      JSON.stringify({ email: 'x@example.com', password: 'secret', nickname: 5 }),
    );
    expect(rememberedValues('login', store)).toEqual({ email: 'x@example.com' });
    expect(rememberedValues('login', null)).toEqual({});
  });
});
