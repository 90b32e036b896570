import { describe, expect, it } from 'vitest';
import { ageOn, birthdaySchema, birthdayToIso, minimumAgeFor, parseBirthday } from '../../src';
import { codes } from './codes';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('birthdaySchema', () => {
  const today = day('2026-11-23');
  const cw = birthdaySchema('CW', today);
  const ee = birthdaySchema('EE', today);

  it('accepts an adult', () => {
    expect(codes(cw, '01/01/1990')).toEqual([]);
    expect(codes(cw, '31/12/1950')).toEqual([]);
  });

  it('counts age exactly 18 today as old enough, one day short as too young', () => {
    expect(codes(cw, '23/11/2008')).toEqual([]);
    expect(codes(cw, '24/11/2008')).toEqual(['too_young']);
  });

  it('asks for 21 under the Estonian licence', () => {
    expect(minimumAgeFor('EE')).toBe(21);
    expect(minimumAgeFor('CW')).toBe(18);
    expect(codes(ee, '23/11/2005')).toEqual([]);
    expect(codes(ee, '24/11/2005')).toEqual(['too_young']);
    expect(codes(ee, '01/01/2007')).toEqual(['too_young']);
    expect(codes(cw, '01/01/2007')).toEqual([]);
  });

  it('knows leap years', () => {
    expect(codes(cw, '29/02/2000')).toEqual([]); // divisible by 400
    expect(codes(cw, '29/02/1996')).toEqual([]);
    expect(codes(cw, '29/02/1900')).toEqual(['invalid_date']); // divisible by 100
    expect(codes(cw, '29/02/2001')).toEqual(['invalid_date']);
  });

  it('lets a 29 February child come of age on 1 March in a common year', () => {
    expect(codes(birthdaySchema('CW', day('2026-02-28')), '29/02/2008')).toEqual(['too_young']);
    expect(codes(birthdaySchema('CW', day('2026-03-01')), '29/02/2008')).toEqual([]);
    expect(codes(birthdaySchema('EE', day('2025-02-28')), '29/02/2004')).toEqual(['too_young']);
    expect(codes(birthdaySchema('EE', day('2025-03-01')), '29/02/2004')).toEqual([]);
  });

  it.each([
    '31/02/1990',
    '31/04/1990',
    '00/01/1990',
    '32/01/1990',
    '01/13/1990',
    '01/00/1990',
    '1/01/1990',
    '01/1/1990',
    '01/01/90',
    '1990-01-01',
    '01-01-1990',
    '01/01/1899',
    'abc',
    '',
  ])('refuses %j as a date', (value) => {
    expect(codes(cw, value)).toEqual(['invalid_date']);
  });

  it('refuses a date after today', () => {
    expect(codes(cw, '24/11/2026')).toEqual(['invalid_date']);
    expect(codes(cw, '23/11/2026')).toEqual(['too_young']);
  });

  it('reads a today function at parse time, as a UTC day', () => {
    let now = day('2026-11-22');
    const schema = birthdaySchema('CW', () => now);
    expect(codes(schema, '23/11/2008')).toEqual(['too_young']);
    now = new Date('2026-11-23T00:00:00Z');
    expect(codes(schema, '23/11/2008')).toEqual([]);
  });

  it('defaults to the clock', () => {
    expect(codes(birthdaySchema('CW'), '01/01/1990')).toEqual([]);
    expect(codes(birthdaySchema('CW'), '01/01/2099')).toEqual(['invalid_date']);
  });
});

describe('birthday helpers', () => {
  it('converts to ISO', () => {
    expect(birthdayToIso('05/03/1990')).toBe('1990-03-05');
    expect(birthdayToIso('29/02/2000')).toBe('2000-02-29');
    expect(birthdayToIso('31/02/2000')).toBeUndefined();
    expect(birthdayToIso('1990-03-05')).toBeUndefined();
    expect(birthdayToIso(' 05/03/1990 ')).toBe('1990-03-05');
  });

  it('computes full years', () => {
    const birth = parseBirthday('15/06/2000')!;
    expect(ageOn(birth, { year: 2018, month: 6, day: 14 })).toBe(17);
    expect(ageOn(birth, { year: 2018, month: 6, day: 15 })).toBe(18);
    expect(ageOn(birth, { year: 2018, month: 7, day: 1 })).toBe(18);
  });
});
