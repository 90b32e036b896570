/**
 * The one error type of the platform. `code` is a stable snake_case string the page maps
 * to a translated message; `field` says which input it concerns (`base` for a general refusal).
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 451 | 503;

export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    readonly field = 'base',
    readonly headers: Record<string, string> = {},
  ) {
    super(`${field}: ${code}`);
    this.name = 'AppError';
  }

  /** Several field errors at once, answered as 422 `{errors:{field:[code]}}`. */
  static validation(errors: Record<string, string[]>): ValidationError {
    return new ValidationError(errors);
  }
}

export class ValidationError extends AppError {
  constructor(readonly errors: Record<string, string[]>) {
    super(422, Object.values(errors)[0]?.[0] ?? 'invalid', Object.keys(errors)[0] ?? 'base');
    this.name = 'ValidationError';
  }
}

export const notFound = (field = 'base') => new AppError(404, 'not_found', field);
export const unprocessable = (code: string, field = 'base') => new AppError(422, code, field);
export const conflict = (code: string, field = 'base') => new AppError(409, code, field);
export const unauthorized = () => new AppError(401, 'unauthorized');
export const forbidden = (code = 'forbidden') => new AppError(403, code);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', 'base', { 'retry-after': String(retryAfterSeconds) });
