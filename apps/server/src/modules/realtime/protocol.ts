/**
 * The Centrifugo client protocol (v2, JSON encoding) as the gateway speaks it: what a frame may
 * carry, the error and disconnect codes. A frame holds one or more commands (replies) as JSON
 * objects joined by newlines. The codes are those the `centrifuge` client acts on: an error
 * under 100 or marked temporary is retried, 109 asks for a fresh token; a disconnect code from
 * 3500 to 3999 ends the connection for good, one from 3000 to 3499 reconnects.
 */
import { z } from 'zod';

const offset = z.number().int().min(0);
const channel = z.string().min(1).max(255);

const commandSchema = z.looseObject({
  id: z.number().int().min(0).optional(),
  connect: z
    .looseObject({
      token: z.string().max(2048).optional(),
      name: z.string().optional(),
      version: z.string().optional(),
    })
    .optional(),
  subscribe: z
    .looseObject({
      channel,
      recover: z.boolean().optional(),
      offset: offset.optional(),
      epoch: z.string().max(64).optional(),
      /** A subscription token of `POST /api/v2/websocket/authorize`, checked when sent. */
      token: z.string().max(2000).optional(),
    })
    .optional(),
  unsubscribe: z.looseObject({ channel }).optional(),
});
export type Command = z.infer<typeof commandSchema>;

/** The commands of a frame, or null when any of them is not a command (a bad request). */
export function parseFrame(raw: string): Command[] | null {
  const commands: Command[] = [];
  for (const line of raw.split('\n')) {
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return null;
    }
    const parsed = commandSchema.safeParse(json);
    if (!parsed.success) return null;
    commands.push(parsed.data);
  }
  return commands;
}

export type ProtocolError = { code: number; message: string; temporary?: boolean };

/** Error replies (`{id, error}`): the command failed, the connection stays. */
export const ERRORS = {
  internal: { code: 100, message: 'internal server error', temporary: true },
  unauthorized: { code: 101, message: 'unauthorized' },
  permissionDenied: { code: 103, message: 'permission denied' },
  methodNotFound: { code: 104, message: 'method not found' },
  alreadySubscribed: { code: 105, message: 'already subscribed' },
  limitExceeded: { code: 106, message: 'limit exceeded' },
  badRequest: { code: 107, message: 'bad request' },
  notAvailable: { code: 108, message: 'not available' },
  tokenExpired: { code: 109, message: 'token expired' },
} as const satisfies Record<string, ProtocolError>;

export type Disconnect = { code: number; reason: string };

/** WebSocket close codes and reasons: 3000–3499 the client reconnects, 3500–3999 it stops. */
export const DISCONNECTS = {
  /** A command failed on the server's side: the client reconnects. */
  internal: { code: 3004, reason: 'internal server error' },
  /** The sign-in session of the connection ended: the client reconnects, and its token answers 109. */
  sessionEnded: { code: 3005, reason: 'expired' },
  noPong: { code: 3012, reason: 'no pong' },
  invalidToken: { code: 3500, reason: 'invalid token' },
  badRequest: { code: 3501, reason: 'bad request' },
  stale: { code: 3502, reason: 'stale' },
  permissionDenied: { code: 3507, reason: 'permission denied' },
} as const satisfies Record<string, Disconnect>;

/** A publication as pages receive it: the event object and its place in the channel's stream. */
export type Pub = { data: unknown; offset: number };

export type SubscribeResult = {
  recoverable: true;
  epoch: string;
  offset: number;
  was_recovering?: true;
  recovered?: boolean;
  publications?: Pub[];
};

export type Reply =
  | { id: number; connect: { client: string; version: string; ping: number; pong: boolean } }
  | { id: number; subscribe: SubscribeResult }
  | { id: number; unsubscribe: Record<string, never> }
  | { id: number; error: ProtocolError }
  | { push: { channel: string; pub: Pub } }
  /** A server ping: the client answers with an empty command. */
  | Record<string, never>;
