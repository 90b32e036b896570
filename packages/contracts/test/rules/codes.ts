import type { z } from 'zod';
import { issueCode } from '../../src';

/** The codes a value fails with (empty when it passes). */
export function codes(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : [...new Set(result.error.issues.map(issueCode))];
}
