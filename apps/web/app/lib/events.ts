/**
 * Fired on window by the browser's API client on a 401: the session is gone
 * (docs/rules/routes-and-guards.md "Signed out by the server").
 */
export const AUTH_ERROR_EVENT = 'orbit:auth-error';
