/**
 * The conversation the chat shows, kept for the page by the widget's code (loaded when a player
 * is signed in, a visitor of this browser has chatted, or the chat is opened): loaded from
 * `GET /api/support/conversation` for whoever the page is now (a player, else the visitor of
 * the chat cookie), kept live by the `support` pushes, added to by the messages sent. Its unread
 * count feeds the header's counter (`store.ts`). Answers are typed by the contracts, not
 * validated (no zod in this code).
 */
import type {
  SupportMessage,
  SupportPush,
  SupportRestoreIdAnswer,
  SupportThread,
  SupportMessageRequest,
  SupportRestoreIdSetRequest,
} from '@orbit/contracts';
import { useSyncExternalStore } from 'react';
import { browserApi } from '../../lib/api';
import { renewRealtimeAccess } from '../../realtime/client';
import { applyPush, appendSent } from './rules';

/**
 * The doors of the chat's state in the page's first JavaScript (`support-shell.tsx`), handed to
 * this code when it is loaded rather than imported by it.
 */
export type ChatPort = {
  /** The header's counter. */
  setUnread(unread: number): void;
  /** The visitor's hint: this browser's visitor has a conversation. */
  setChatted(chatted: boolean): void;
  chatted(): boolean;
  /** Closes the chat; `refocus`: the focus goes back to what opened it. */
  close(refocus?: boolean): void;
  /** The panel's element id (the buttons' `aria-controls`). */
  panelId: string;
};

let port: ChatPort = {
  setUnread: () => undefined,
  setChatted: () => undefined,
  chatted: () => false,
  close: () => undefined,
  panelId: 'support-chat',
};

/** The page's state doors (the host hands them over as it draws the chat's code). */
export function attachPort(doors: ChatPort): void {
  port = doors;
  port.setUnread(state.thread?.unread ?? 0);
}

/** Whose conversation: a player's id, or the page's visitor. */
export type ThreadOwner = number | 'visitor';

export type ThreadState = {
  owner: ThreadOwner | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  thread: SupportThread | null;
};

const IDLE: ThreadState = { owner: null, status: 'idle', thread: null };
let state: ThreadState = IDLE;
/** Bumped on every load and clear: an answer for an earlier one is dropped. */
let generation = 0;
const listeners = new Set<() => void>();

function set(next: ThreadState): void {
  state = next;
  port.setUnread(next.thread?.unread ?? 0);
  listeners.forEach((listener) => listener());
}

/** The hint follows what the server says: a visitor's conversation is there, or it moved to the player. */
function followHint(thread: SupportThread): void {
  port.setChatted(thread.visitor && thread.conversation !== null);
}

/**
 * Loads the conversation of `owner` (the page's player, or its visitor): on every change of the
 * signed-in player, since the server moves a visitor's conversation to the player who signs in.
 */
export async function loadThread(owner: ThreadOwner): Promise<void> {
  const gen = ++generation;
  set({ owner, status: 'loading', thread: state.owner === owner ? state.thread : null });
  try {
    const thread = await browserApi().get<SupportThread>('/api/support/conversation');
    if (gen !== generation) return;
    followHint(thread);
    set({ owner, status: 'ready', thread });
  } catch {
    if (gen === generation) set({ ...state, status: 'failed' });
  }
}

/** Nothing of one player's conversation stays for the next one of the page. */
export function clearThread(): void {
  generation++;
  set(IDLE);
}

/** A `support` push: applied to the conversation shown; with none known yet, the conversation is loaded. */
export function pushed(push: SupportPush): void {
  if (state.owner === null) return;
  const next = applyPush(state.thread, push);
  if (next === null) void loadThread(state.owner);
  else set({ ...state, thread: next });
}

/**
 * Sends a message (`POST /api/support/messages`); the answer's message joins the thread. A
 * visitor's first message sets the chat cookie: the realtime connection then asks again as whom
 * it connects, so the operators' answers reach this page.
 */
export async function sendMessage(body: string): Promise<void> {
  const owner = state.owner;
  const visitor = owner === 'visitor';
  const first = visitor && !port.chatted();
  const request: SupportMessageRequest = { body };
  const message = await browserApi().post<SupportMessage>('/api/support/messages', request);
  if (state.owner !== owner) return;
  set({ ...state, status: 'ready', thread: appendSent(state.thread, message, visitor) });
  if (visitor) port.setChatted(true);
  if (first) renewRealtimeAccess();
}

let seeing: Promise<void> | null = null;

/** The answers shown are seen (`POST /api/support/conversation/seen`), one call at a time. */
export function markSeen(): Promise<void> {
  if (seeing) return seeing;
  const owner = state.owner;
  seeing = browserApi()
    .post<{ unread: number }>('/api/support/conversation/seen', {})
    .then(
      (answer) => {
        if (state.owner === owner && state.thread)
          set({ ...state, thread: { ...state.thread, unread: answer.unread } });
      },
      () => undefined,
    )
    .finally(() => {
      seeing = null;
    });
  return seeing;
}

/** The visitor's chat code (null: a player, or a visitor who has not written yet). */
export async function restoreId(): Promise<string | null> {
  const answer = await browserApi().post<SupportRestoreIdAnswer>('/restore-id/get', {});
  return answer?.restore_id ?? null;
}

/**
 * Continues the conversation of another device on this one (`POST /restore-id/set`): the chat
 * cookie becomes that code, the conversation is loaded again and the realtime connection
 * reconnects as that visitor.
 */
export async function restoreChat(code: string): Promise<void> {
  const request: SupportRestoreIdSetRequest = { restore_id: code };
  await browserApi().post<unknown>('/restore-id/set', request);
  const owner = state.owner ?? 'visitor';
  if (owner === 'visitor') port.setChatted(true);
  renewRealtimeAccess();
  await loadThread(owner);
}

export function currentThread(): ThreadState {
  return state;
}

export function useThread(): ThreadState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => IDLE,
  );
}
