/**
 * Connection tokens of the realtime gateway (modules/realtime/README.md): JWTs signed HS256 with
 * REALTIME_SECRET, as a Centrifugo server reads them, so an operator may put one in front with
 * the same secret. Claims: `sub` the player's channel id, `sid` the sign-in session the token
 * was issued in (a socket lives only as long as that session), `iat` and `exp`. A chatting
 * visitor's token has no session: `sub` the visitor's channel id and `vis` the visitor's key
 * (docs/support.md "Visitors"), which names the pub/sub topic of their `support` channel.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { publicBase, type Config } from '../config';
import { channelUser, visitorChannelUser } from './channels';

/** How long a token opens a connection (an open connection lives as long as its session). */
export const CONNECTION_TOKEN_TTL_SECONDS = 24 * 3600;
/** The gateway's path under the realtime base url. */
export const WEBSOCKET_PATH = '/connection/websocket';

export type TokenCheck =
  | { status: 'valid'; user: string; sessionId: string | null; visitorKey: string | null }
  | { status: 'expired' }
  | { status: 'invalid' };

/** A visitor's key as the support module stores it: SHA-256, hex. */
const VISITOR_KEY = /^[0-9a-f]{64}$/;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** A player's token: `sub` the channel id, `sid` the session. */
export async function issueConnectionToken(
  secret: string,
  user: string,
  sessionId: string,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CONNECTION_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** A chatting visitor's token: `sub` the visitor's channel id, `vis` their key; no session. */
export async function issueVisitorToken(secret: string, user: string, visitorKey: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ vis: visitorKey })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CONNECTION_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/**
 * A subscription token for one private channel (Centrifugo's: `sub` the channel id, `channel`
 * the whole channel name), as `POST /api/v2/websocket/authorize` answers it. The gateway checks
 * one that a subscribe command carries (`verifySubscriptionToken`).
 */
export async function issueSubscriptionToken(
  secret: string,
  user: string,
  channel: string,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ channel })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CONNECTION_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** Whether a subscription token is ours, unexpired, and for this user and this channel. */
export async function verifySubscriptionToken(
  secret: string,
  token: string,
  user: string,
  channel: string,
  now: Date,
): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: 60,
      requiredClaims: ['exp'],
    });
    return payload.sub === user && payload.channel === channel;
  } catch {
    return false;
  }
}

/** Checks the signature (HS256 only) and the expiry; an empty `sub` is an anonymous token. */
export async function verifyConnectionToken(secret: string, token: string, now: Date): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: 60,
      requiredClaims: ['exp'],
    });
    if (typeof payload.sub !== 'string') return { status: 'invalid' };
    const visitorKey = payload.vis === undefined ? null : payload.vis;
    if (visitorKey !== null && (typeof visitorKey !== 'string' || !VISITOR_KEY.test(visitorKey)))
      return { status: 'invalid' };
    return {
      status: 'valid',
      user: payload.sub,
      sessionId: typeof payload.sid === 'string' ? payload.sid : null,
      visitorKey,
    };
  } catch (error) {
    return { status: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** The gateway's base, `ws(s)://<PUBLIC_URL's host, else the request's>` (no path). */
export function realtimeBase(config: Config, request: { protocol: string; host: string }): string {
  const base = config.publicUrl ? publicBase(config) : `${request.protocol}://${request.host}`;
  return base.replace(/^http/, 'ws');
}

export type PlayerSession = { userId: number; sessionId: string };
export type Connection = { user: string | null; token: string };

/** What a page connects with: a player's channel id and token, or nothing for a guest (anonymous). */
export async function connectionFor(secret: string, player: PlayerSession | null, now: Date): Promise<Connection> {
  if (!player) return { user: null, token: '' };
  const user = channelUser(secret, player.userId);
  return { user, token: await issueConnectionToken(secret, user, player.sessionId, now) };
}

/** What a chatting visitor's page connects with: their channel id and token (their `support` channel only). */
export async function visitorConnectionFor(secret: string, visitorKey: string, now: Date): Promise<Connection> {
  const user = visitorChannelUser(secret, visitorKey);
  return { user, token: await issueVisitorToken(secret, user, visitorKey, now) };
}

/** `cent` of `GET /api/player/settings`: the whole WebSocket url, channel id, token, issue time. */
export async function centOf(
  config: Config,
  request: { protocol: string; host: string },
  player: PlayerSession | null,
  now: Date,
): Promise<{ url: string; user: string; token: string; timestamp: string }> {
  const { user, token } = await connectionFor(config.realtimeSecret, player, now);
  return {
    url: `${realtimeBase(config, request)}${WEBSOCKET_PATH}`,
    user: user ?? '',
    token,
    timestamp: String(Math.floor(now.getTime() / 1000)),
  };
}
