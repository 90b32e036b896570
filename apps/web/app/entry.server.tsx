/**
 * React Router's default Node entry, with one change: `progressiveChunkSize` without limit.
 * React otherwise "outlines" a finished Suspense boundary of more than 500 bytes once the page
 * so far passes 12.8 KB: its markup goes to the end of the HTML in a hidden element and an
 * inline script moves it into place (throttled, so it shows late and shifts the page; without
 * JavaScript it stays hidden). The islands (`ui/island.tsx`: the lobby's banners and jackpots,
 * the footer's marks) are Suspense boundaries that finish with the page, so they are written
 * in place, as any other markup.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { CspNonceContext } from './lib/csp-nonce';
import { refusedInGuestMode } from './lib/legal-block';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Guest mode (docs/licences.md "The legal block and guest mode"): a way to a session loaded
  // directly is refused with 451; the page says why.
  if (
    responseStatusCode === 200 &&
    loadContext.legalBlock?.guestBase &&
    refusedInGuestMode(new URL(request.url).pathname)
  ) {
    responseStatusCode = 451;
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots and SPA mode wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    // Abort the stream after `streamTimeout`, with time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // Every inline script of the page (React Router's data and hydration, React's own) carries the
    // nonce the server put in the page's Content-Security-Policy.
    const nonce = loadContext.cspNonce;
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} {...(nonce ? { nonce } : {})} />
      </CspNonceContext.Provider>,
      {
        ...(nonce ? { nonce } : {}),
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself reject and are logged by React Router's request handler.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
