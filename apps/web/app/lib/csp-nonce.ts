import { createContext, useContext } from 'react';

/**
 * The nonce of this page's inline scripts, given by the server for the render (the page's
 * Content-Security-Policy runs only scripts that carry it). In the browser it is read back from
 * the page's own scripts (a browser hides the attribute's value but keeps the `nonce` property),
 * so that hydration renders the same `nonce` the server did instead of reporting a mismatch.
 */
export const CspNonceContext = createContext<string | undefined>(pageNonce());

export const useCspNonce = (): string | undefined => useContext(CspNonceContext);

function pageNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}
