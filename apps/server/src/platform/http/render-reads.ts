import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Whether a signed-in player's page render read who the player is (docs/architecture.md "Page
 * cache"). The page's loaders reach the API in-process (`injectFetch`), each call marked with its
 * render's id; the session readers (identity's `currentPlayer`, `peekPlayer`) note a read on a
 * marked call. A render that noted none is the same page a guest gets, and the page cache may
 * store and serve it as the guests' copy.
 */
export const RENDER_HEADER = 'x-orbit-render';

declare module 'fastify' {
  interface FastifyRequest {
    /** The id of this page request's tracked render (a signed-in player's page the cache may share). */
    orbitRenderId?: string;
  }
}

type Render = { startedAt: number; readPlayer: boolean };
const renders = new Map<string, Render>();
/** A render not taken back within this time (a dropped request) is forgotten. */
const FORGET_MS = 5 * 60_000;

/** Starts tracking a render: its in-process calls carry the id it answers. */
export function beginRender(now = Date.now()): string {
  for (const [id, render] of renders) {
    if (render.startedAt > now - FORGET_MS) break; // insertion order: the oldest first
    renders.delete(id);
  }
  const id = randomUUID();
  renders.set(id, { startedAt: now, readPlayer: false });
  return id;
}

/** Ends tracking a render; whether it read the player. An unknown id counts as read (never shared). */
export function endRender(id: string): boolean {
  const render = renders.get(id);
  renders.delete(id);
  return render?.readPlayer ?? true;
}

/** Called by the session readers: the in-process call of a tracked render read the player. */
export function notePlayerRead(request: FastifyRequest): void {
  const id = request.headers[RENDER_HEADER];
  if (typeof id !== 'string') return;
  const render = renders.get(id);
  if (render) render.readPlayer = true;
}

/** The header an in-process call of this page request carries, if its render is tracked. */
export function renderHeaders(pageRequest: FastifyRequest): Record<string, string> {
  return pageRequest.orbitRenderId ? { [RENDER_HEADER]: pageRequest.orbitRenderId } : {};
}
