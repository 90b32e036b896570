/**
 * The chat's live part, loaded by `SupportHost` once it is needed (a player signed in, a visitor
 * of this browser who has chatted, the chat opened): keeps the conversation of whoever the page
 * is now (`thread.ts`; loaded again whenever the signed-in player changes, the server having
 * moved a visitor's conversation to the player who signed in), hears the `support` pushes and
 * draws the panel while the chat is open (its code, with the forms' rules, loaded on the first
 * opening).
 */
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useSession } from '../../lib/session';
import { useRealtime } from '../../realtime/client';
import { isSupportPush } from './rules';
import { attachPort, clearThread, loadThread, pushed, useThread, type ChatPort, type ThreadOwner } from './thread';

const SupportPanel = lazy(() => import('./support-panel'));

export default function SupportLive({ open, port }: { open: boolean; port: ChatPort }) {
  const session = useSession();
  const { thread, status } = useThread();
  // First of the effects: the conversation's unread count and the visitor's hint go to the page's state.
  useEffect(() => attachPort(port), [port]);
  // Not known before the session is (a player's hint is being checked).
  const owner: ThreadOwner | null = session.status === 'unknown' ? null : (session.player?.id ?? 'visitor');
  useEffect(() => {
    if (owner === null) return;
    void loadThread(owner);
  }, [owner]);
  useEffect(() => clearThread, []);
  // A load that failed is tried again when the chat opens (once per opening: the panel has its own "Try again").
  const now = useRef({ owner, status });
  now.current = { owner, status };
  useEffect(() => {
    const { owner: current, status: was } = now.current;
    if (open && current !== null && was === 'failed') void loadThread(current);
  }, [open]);
  // A player hears answers on their channel; a visitor once they have a conversation (the chat
  // cookie), so a guest who only looks at the chat opens no connection for it.
  const listening =
    owner !== null && (owner !== 'visitor' || (thread?.visitor === true && thread.conversation !== null));
  return (
    <>
      {listening ? <SupportListener /> : null}
      {open ? (
        <Suspense fallback={null}>
          <SupportPanel panelId={port.panelId} onClose={port.close} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The `support` channel: operators' answers and closes, the player's own messages from another tab. */
function SupportListener() {
  const onPush = useCallback((data: unknown) => {
    if (isSupportPush(data)) pushed(data);
  }, []);
  useRealtime('support', onPush);
  return null;
}
