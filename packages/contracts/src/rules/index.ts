// Field validation rules (docs/rules/fields.md) shared by the server and the page's forms; every failure's
// message is its stable snake_case error code (see ../errors.ts).
export * from './address';
export * from './age';
export * from './birthday';
export * from './card';
// The password list stays in its module; the check is what callers need.
export { isCommonPassword } from './common-passwords';
export * from './currency';
export * from './email';
export * from './generic';
export * from './iban';
export * from './name';
export * from './nickname';
export * from './password';
export * from './personal-id';
export * from './phone';
export * from './postal-code';
export * from './state';
export * from './time-zone';
export type { CalendarDay, Today } from './today';
