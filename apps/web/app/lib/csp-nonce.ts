import { createContext, useContext } from 'react';

/**
 * The nonce of this page's inline scripts, given by the server for the render (the page's
 * Content-Security-Policy runs only scripts that carry it). In the browser there is none: the
 * scripts are in the page already, and a browser hides the nonce from the DOM.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export const useCspNonce = (): string | undefined => useContext(CspNonceContext);
