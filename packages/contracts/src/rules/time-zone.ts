import { z } from 'zod';

/** IANA names look like `Europe/Berlin`, `America/Argentina/Buenos_Aires` or `UTC`; offsets ("+02:00") are no zone. */
const TIME_ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
export const TIME_ZONE_MAX_LENGTH = 64;

let byLowerCase: Map<string, string> | undefined;

/**
 * The spelling of an IANA time zone the runtime knows (`europe/berlin` → `Europe/Berlin`), or
 * undefined. The name the player chose is kept: ICU would turn `Asia/Kolkata` into its old link
 * `Asia/Calcutta`, so its resolved name is not used; names ICU accepts but does not list (links
 * such as `America/Argentina/Buenos_Aires`) are kept as typed.
 */
export function canonicalTimeZone(value: string): string | undefined {
  const name = value.trim();
  if (name.length > TIME_ZONE_MAX_LENGTH || !TIME_ZONE_SHAPE.test(name)) return undefined;
  byLowerCase ??= new Map(['UTC', ...Intl.supportedValuesOf('timeZone')].map((z) => [z.toLowerCase(), z]));
  const listed = byLowerCase.get(name.toLowerCase());
  if (listed) return listed;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

/** A time zone by IANA name, judged by Intl; the output is the canonical name. */
export const timeZoneSchema = z
  .string()
  .refine((value) => canonicalTimeZone(value) !== undefined, 'invalid_time_zone')
  .transform((value) => canonicalTimeZone(value)!);
