/** Fired on window by the browser's API client on a 401: the session is gone (spec §2 guards). */
export const AUTH_ERROR_EVENT = 'orbit:auth-error';
