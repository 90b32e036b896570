import { z } from 'zod';

/** 422 body: `{errors: {field: [code, ...]}}`; a general refusal uses the field `base`. */
export const errorBodySchema = z.object({ errors: z.record(z.string(), z.array(z.string())) });
export type ErrorBody = z.infer<typeof errorBodySchema>;

const CODE = /^[a-z][a-z0-9_]*$/;

/** What a rule-breaking issue looks like, whichever side (zod or the server's validator) reports it. */
export type IssueLike = {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  message: string;
  input?: unknown;
  origin?: string;
  expected?: string;
};

/**
 * The stable code of one issue. A schema states its own code as the message
 * (`z.string().regex(re, 'invalid_nickname')`); otherwise the kind of issue decides.
 */
export function issueCode(issue: IssueLike): string {
  if (CODE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue) ? 'required' : 'invalid_type';
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too_short' : 'too_small';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too_long' : 'too_big';
    case 'invalid_format':
      return 'invalid_format';
    case 'invalid_value':
      return 'not_allowed';
    case 'unrecognized_keys':
      return 'unknown_field';
    case 'not_multiple_of':
      return 'not_multiple_of';
    default:
      return 'invalid';
  }
}

/**
 * zod 4 leaves `input` out of issues unless asked (`reportInput`), and the HTTP validator does not
 * ask; its message then still says what was received, so a wrong type is not reported as missing.
 */
function isMissing(issue: IssueLike): boolean {
  if ('input' in issue) return issue.input === undefined;
  return /received undefined\b/.test(issue.message);
}

/** Request wrappers the page sends (`{user: {...}}`); errors name the field inside them. */
const WRAPPERS = new Set(['user', 'two_factor', 'exchange', 'player']);

export function issueField(path: ReadonlyArray<PropertyKey>): string {
  const parts = path.map(String);
  if (parts.length > 1 && WRAPPERS.has(parts[0]!)) parts.shift();
  return parts.length ? parts.join('.') : 'base';
}

/** Turns issues into the 422 body's `errors` map, each code once per field. */
export function issuesToErrors(issues: ReadonlyArray<IssueLike>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issueField(issue.path);
    const code = issueCode(issue);
    const list = (errors[field] ??= []);
    if (!list.includes(code)) list.push(code);
  }
  return errors;
}
