/** The inbox's resource and how often its pages ask again (shared by the list and the conversation's page). */

/** The resource is the calls' path: `/api/backoffice/support/conversations`. */
export const SUPPORT_RESOURCE = 'support/conversations';
/** New player messages show up without a reload: the list and the page ask again this often. */
export const SUPPORT_REFETCH_MS = 3_000;
