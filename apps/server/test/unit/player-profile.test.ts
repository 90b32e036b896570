import { describe, expect, it } from 'vitest';
import { NAME_PATTERN, PHONE_PATTERN, personNameSchema, phoneSchema, playerFieldOf } from '@orbit/contracts';
import { playerFields } from '../../src/modules/cms/player-fields';
import { GROUP_SEED, judgeGroupChange, toStatus, type PlayerGroupRow } from '../../src/modules/identity/groups';
import { toPlayer, type UserRow } from '../../src/modules/identity/player';
import { judgeProfileUpdate, type ProfileRow } from '../../src/modules/identity/profile-rules';

const today = new Date('2026-03-01T10:00:00Z');
const opts = { licence: 'CW' as const, today, countries: new Set(['DE', 'AU', 'CA']) };
const row: ProfileRow = {
  nickname: null,
  firstName: null,
  lastName: null,
  dateOfBirth: null,
  gender: null,
  country: 'DE',
  city: null,
  address: null,
  postalCode: null,
  state: null,
  mobilePhone: null,
  personalIdNumber: null,
  timeZone: null,
  receivePromos: false,
  receiveSmsPromos: false,
  termsAcceptedAt: null,
};

describe('judgeProfileUpdate', () => {
  it('maps fields to columns and converts the birthday to ISO', () => {
    expect(
      judgeProfileUpdate(
        { user: { first_name: ' Ann ', date_of_birth: '01/02/1990', receive_promos: true } },
        row,
        opts,
      ),
    ).toEqual({
      ok: true,
      changes: { firstName: 'Ann', dateOfBirth: '1990-02-01', receivePromos: true },
    });
  });

  it('refuses fields outside the context and never answers changes with errors', () => {
    const judged = judgeProfileUpdate({ context: 'deposit', user: { gender: 'male', city: 'Bonn' } }, row, opts);
    expect(judged.ok).toBe(false);
    expect(judged.ok ? undefined : judged.errors.gender).toEqual(['not_allowed']);
  });

  it('fills the state only where the context shows it, and never over a typed one', () => {
    const au = { ...row, country: 'AU' };
    expect(judgeProfileUpdate({ user: { postal_code: '0800' } }, au, opts)).toEqual({
      ok: true,
      changes: { postalCode: '0800', state: 'NT' },
    });
    expect(judgeProfileUpdate({ user: { postal_code: '3000', state: 'Somewhere' } }, au, opts)).toEqual({
      ok: true,
      changes: { postalCode: '3000', state: 'Somewhere' },
    });
    // Christmas Island (6798) is in no state: nothing to fill.
    expect(judgeProfileUpdate({ user: { postal_code: '6798' } }, au, opts)).toEqual({
      ok: true,
      changes: { postalCode: '6798' },
    });
    const deposit = judgeProfileUpdate({ context: 'deposit', user: { postal_code: '3000' } }, au, opts);
    expect(deposit.ok ? undefined : deposit.errors).not.toHaveProperty('state');
  });

  it('does not let the country be emptied', () => {
    expect(judgeProfileUpdate({ user: { country: '' } }, row, opts)).toEqual({
      ok: false,
      errors: { country: ['required'] },
    });
  });

  it('takes only terms_acceptance: true in its context', () => {
    expect(judgeProfileUpdate({ context: 'terms_acceptance', user: { terms_acceptance: true } }, row, opts)).toEqual({
      ok: true,
      changes: { termsAcceptedAt: today },
    });
    expect(judgeProfileUpdate({ context: 'terms_acceptance', user: {} }, row, opts)).toEqual({
      ok: false,
      errors: { terms_acceptance: ['must_be_accepted'] },
    });
  });
});

describe('groups', () => {
  const catalogue = GROUP_SEED.map((g) => ({ rank: null, minPoints: null, maxPoints: null, ...g })) as PlayerGroupRow[];

  it('judges joins and leaves: writable only, unknown named apart', () => {
    expect(judgeGroupChange(catalogue, [543, 545])).toEqual([]);
    expect(judgeGroupChange(catalogue, [21])).toEqual(['not_writable']);
    expect(judgeGroupChange(catalogue, [1117])).toEqual(['not_writable']);
    expect(judgeGroupChange(catalogue, [7, 21])).toEqual(['unknown', 'not_writable']);
  });

  it('describes a level by its comp-point range, a group (a VIP status too) without conditions', () => {
    expect(toStatus(catalogue.find((g) => g.id === 1012)!)).toEqual({
      id: 1012,
      name: 'Galactic legend',
      status: 'level',
      writable: false,
      conditions: [{ persistent_comp_points: { type: 'range', min: 120_000, max: null, exclude_end: true } }],
    });
    expect(toStatus(catalogue.find((g) => g.id === 759)!)).toMatchObject({ status: 'group', conditions: [] });
    expect(toStatus(catalogue.find((g) => g.id === 545)!)).toMatchObject({
      status: 'group',
      writable: true,
      conditions: [],
    });
  });

  it('gives the player their level group as level, the VIP status staying a group', () => {
    const user = { id: 1, email: 'a@b.c', termsAcceptedAt: today, createdAt: today } as unknown as UserRow;
    const gold = catalogue.find((g) => g.id === 259)!;
    const fourth = catalogue.find((g) => g.id === 1004)!;
    const player = toPlayer(user, { memberships: [fourth, gold, catalogue.find((g) => g.id === 545)!] });
    expect(player.level).toEqual({
      id: 'level_4',
      name: 'Low orbit',
      conditions: { persistent_comp_points: { min: 500, max: 1_000 } },
    });
    expect(player.groups).toEqual([1004, 259, 545]);
    // A player from before the levels (no level group) is on the first.
    expect(toPlayer(user, { memberships: [gold] }).level).toMatchObject({ id: 'level_1', name: 'Launchpad' });
  });

  it('asks for the terms again when they changed after the acceptance', () => {
    const user = { id: 1, email: 'a@b.c', termsAcceptedAt: today, createdAt: today } as unknown as UserRow;
    expect(toPlayer(user).auth_fields_missed).toEqual([]);
    expect(toPlayer(user, { termsUpdatedAt: new Date(today.getTime() + 1) }).auth_fields_missed).toEqual([
      'terms_acceptance',
    ]);
    expect(toPlayer(user, { termsUpdatedAt: today }).auth_fields_missed).toEqual([]);
    expect(toPlayer({ ...user, termsAcceptedAt: null }).auth_fields_missed).toEqual(['terms_acceptance']);
  });
});

describe('player_fields', () => {
  const fields = playerFields({ licence: 'EE', signupCurrencies: ['EUR'], countries: ['DE'] });

  it('publishes the contracts rules, so the page and the server agree', () => {
    const field = (name: string) => playerFieldOf(fields, name);
    expect(field('first_name')?.pattern).toBe(NAME_PATTERN.source);
    expect(field('mobile_phone')?.pattern).toBe(PHONE_PATTERN.source);
    const name = new RegExp(field('first_name')!.pattern!, 'u');
    for (const v of ['Zoë', "O'Neil", 'José', 'Nguyễn'])
      expect(name.test(v.normalize('NFC')) && personNameSchema.safeParse(v).success, v).toBe(true);
    const phone = new RegExp(field('mobile_phone')!.pattern!, 'u');
    expect(phone.test('+49 30 1234567') && phoneSchema.safeParse('+49 30 1234567').success).toBe(true);
    expect(field('date_of_birth')).toMatchObject({ format: 'DD/MM/YYYY', age: { min: { default: 21 } } });
    expect(fields.contexts.edition).toContain('time_zone');
    expect(field('time_zone')).toBeDefined();
  });
});

describe('TERMS_UPDATED_AT', () => {
  it('takes an ISO date or date-time and refuses anything else', async () => {
    const { loadConfig, ConfigError } = await import('../../src/platform/config');
    expect(loadConfig({ TERMS_UPDATED_AT: '2026-03-05' }).termsUpdatedAt?.toISOString()).toBe(
      '2026-03-05T00:00:00.000Z',
    );
    expect(loadConfig({ TERMS_UPDATED_AT: '2026-03-05T12:00:00+01:00' }).termsUpdatedAt?.toISOString()).toBe(
      '2026-03-05T11:00:00.000Z',
    );
    expect(loadConfig({}).termsUpdatedAt).toBeUndefined();
    expect(() => loadConfig({ TERMS_UPDATED_AT: 'last week' })).toThrow(ConfigError);
  });
});
