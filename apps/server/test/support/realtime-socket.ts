/** A raw WebSocket to the realtime gateway, spoken to frame by frame (the Centrifugo client protocol). */
import WebSocket from 'ws';

/** A frame as the server sent it: tests match on its fields. */
export type Frame = Record<string, any>;

/**
 * Opens a socket to `url`; `call` sends a command and waits for its reply, `next` waits for a
 * frame, `pushes` lists what a channel was pushed, `closed` tells the close code and reason.
 */
export async function rawClient(url: string, headers: Record<string, string> = {}) {
  const frames: Frame[] = [];
  const socket = new WebSocket(url, { headers });
  socket.on('message', (raw) => {
    for (const line of String(raw).split('\n')) if (line.trim()) frames.push(JSON.parse(line) as Frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve) => {
    socket.once('open', () => resolve());
    socket.once('close', () => resolve());
  });
  let id = 0;
  const next = async (match: (frame: Frame) => boolean, ms = 3_000): Promise<Frame> => {
    const until = Date.now() + ms;
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const call = (command: Record<string, unknown>) => {
    const n = ++id;
    socket.send(JSON.stringify({ id: n, ...command }));
    return next((frame) => frame.id === n);
  };
  const pushes = (channel: string) =>
    frames.filter((f) => f.push?.channel === channel).map((f) => (f.push as Frame).pub.data as unknown);
  return { socket, frames, closed, call, next, pushes };
}
