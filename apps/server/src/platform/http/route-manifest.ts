import type { FastifyInstance } from 'fastify';
import { TtlCache } from '../cache';

/**
 * The router's route manifest answers (`GET /__manifest?paths=…&version=…`), worked out once per
 * URL for the life of the process. A page asks for the routes of the links it shows (React
 * Router's lazy route discovery), and the router answers by matching each path against every
 * route of the build (each page once per locale: over 800), about 1.5 ms a path here: 50–60 ms of
 * the server's CPU for a lobby's forty links, on every first visit of a browser. The answer
 * depends on nothing but the build and the URL (no cookie, no data), so it is kept: the same
 * status, headers and body, from memory.
 */
export type ManifestAnswer = (request: Request) => Promise<Response>;

type Kept = { status: number; headers: [string, string][]; body: Buffer };
/** The answers kept for one build: every app of the process serving that build shares them. */
export type KeptManifests = TtlCache<Kept>;

/** Most answers kept; the oldest goes first. */
const MOST_KEPT = 500;
/**
 * Larger answers are worked out every time: a URL naming every route would otherwise let a visitor
 * fill the server's memory with copies of the whole manifest (the lobby's answer is about 33 KB).
 */
const LARGEST_KEPT = 64 * 1024;

/** An empty store of answers, for one build. */
export const keptManifests = (): KeptManifests => new TtlCache<Kept>(Number.POSITIVE_INFINITY, MOST_KEPT);

const keptByBuild = new WeakMap<object, KeptManifests>();
/** The store of a loaded server build (imported once per process, so its apps share it). */
export function keptManifestsOf(build: object): KeptManifests {
  const kept = keptByBuild.get(build) ?? keptManifests();
  keptByBuild.set(build, kept);
  return kept;
}

/**
 * Serves `GET <manifestPath>` through `answer` (the router's own handler for a build), keeping
 * what it answers in `kept` (that build's store). Calls for the same URL at the same time share
 * one answer; an answer that is not to be kept is dropped once it is sent.
 */
export function installRouteManifest(
  app: FastifyInstance,
  manifestPath: string,
  answer: ManifestAnswer,
  kept: KeptManifests,
): void {
  const workOut = async (url: string): Promise<Kept> => {
    const response = await answer(new Request(url));
    return {
      status: response.status,
      headers: [...response.headers.entries()],
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
  app.get(manifestPath, async (request, reply) => {
    const hit = kept.peek(request.url) !== undefined;
    // The answer reads the path and query only; the origin is a placeholder.
    const result = await kept.get(request.url, () => workOut(new URL(request.url, 'http://localhost').href));
    if (result.status !== 200 || result.body.length > LARGEST_KEPT) kept.delete(request.url);
    for (const [name, value] of result.headers) reply.header(name, value);
    // As the page cache says it (page-cache.ts): whether this answer came from memory.
    reply.header('x-orbit-cache', hit ? 'hit' : 'miss');
    return reply.status(result.status).send(result.body);
  });
}
