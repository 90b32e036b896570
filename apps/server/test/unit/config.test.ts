import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      defaultLicence: 'CW',
      databaseUrl: undefined,
      databasePoolSize: 10,
      autoMigrate: true,
    });
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DEFAULT_LICENCE: 'GB' })).toThrow(/DEFAULT_LICENCE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('keeps telemetry 30 days, 120 calls a minute an address, and no A/B test, unless told', () => {
    expect(loadConfig({})).toMatchObject({
      telemetry: { retentionDays: 30, callsPerAddressMinute: 120 },
      abTest: { enabled: false, split: 'player_id' },
    });
    expect(loadConfig({ TELEMETRY_RETENTION_DAYS: '7', AB_TEST_ENABLED: '1', AB_TEST_SPLIT: 'stag' })).toMatchObject({
      telemetry: { retentionDays: 7 },
      abTest: { enabled: true, split: 'stag' },
    });
    expect(() => loadConfig({ TELEMETRY_RETENTION_DAYS: '0' })).toThrow(/TELEMETRY_RETENTION_DAYS/);
    expect(() => loadConfig({ AB_TEST_SPLIT: 'coin' })).toThrow(/AB_TEST_SPLIT/);
  });

  it('keeps ended sign-in sessions 90 days unless told, and never less than a month and its first days', () => {
    expect(loadConfig({}).sessionRetentionDays).toBe(90);
    expect(loadConfig({ SESSION_RETENTION_DAYS: '400' }).sessionRetentionDays).toBe(400);
    expect(() => loadConfig({ SESSION_RETENTION_DAYS: '34' })).toThrow(/SESSION_RETENTION_DAYS/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('runs the demo casino by default, every demo feature by one switch', () => {
    expect(loadConfig({})).toMatchObject({
      demo: true,
      demoPlayer: true,
      devMailbox: true,
      sandboxPsp: { enabled: true },
    });
    expect(loadConfig({ DEMO: '0' })).toMatchObject({
      demo: false,
      demoPlayer: false,
      devMailbox: false,
      sandboxPsp: { enabled: false },
    });
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }).demo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://casino.localhost' }).demo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).demo).toBe(true);
  });

  it('refuses the demo on a real deployment (an https public address) unless forced', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://casino.example' })).toThrow(
      /Refusing to start the demo casino on a real deployment \(PUBLIC_URL is https:\/\/casino\.example\)[\s\S]*DEMO=0/,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://casino.example', DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://casino.example', DEMO_FORCE: '1' }).demo).toBe(true);
    expect(() => loadConfig({ DEMO: '0', SANDBOX_PSP_URL: 'http://sandbox.internal/sandbox-psp' })).toThrow(
      /SANDBOX_PSP_URL/,
    );
  });

  it('names the switch that replaced SANDBOX_PSP and DEMO_PLAYER', () => {
    expect(() => loadConfig({ SANDBOX_PSP: '1' })).toThrow(/SANDBOX_PSP: replaced by DEMO/);
    expect(() => loadConfig({ DEMO_PLAYER: '0' })).toThrow(/DEMO_PLAYER: replaced by DEMO/);
  });

  it('reads TRUST_PROXY as none, a hop count or the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('chooses the captcha: proof of work by default, reCAPTCHA with its keys, or none', () => {
    const keys = { RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET: 'secret' };
    expect(loadConfig({}).captcha).toBe('pow');
    expect(loadConfig(keys).captcha).toBe('recaptcha');
    expect(loadConfig({ ...keys, CAPTCHA: 'pow' }).captcha).toBe('pow');
    expect(loadConfig({ CAPTCHA: 'off' }).captcha).toBe('off');
    expect(() => loadConfig({ CAPTCHA: 'recaptcha' })).toThrow(/CAPTCHA=recaptcha needs/);
    expect(() => loadConfig({ CAPTCHA: 'none' })).toThrow(/CAPTCHA/);
  });
});
