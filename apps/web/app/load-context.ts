/** What the server hands every loader (see apps/server/src/platform/http/web.ts). */
declare module 'react-router' {
  interface AppLoadContext {
    /** Calls the platform's HTTP API in-process during server rendering. */
    apiFetch: typeof fetch;
    clientIp: string;
    /** The nonce the page's inline scripts carry (its Content-Security-Policy allows only those); none in development. */
    cspNonce?: string | undefined;
    /** The sibling sites allowed to frame the casino (FRAME_ANCESTORS): the only senders of frame messages. */
    frameAncestors?: readonly string[] | undefined;
    /** The legal block (docs/licences.md): a blocked country; the page served under guest mode's `/guest/` base. */
    legalBlock?: { blocked: boolean; guestBase: boolean } | undefined;
  }
}
export {};
