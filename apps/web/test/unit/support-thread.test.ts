import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportMessage, SupportThread } from '@orbit/contracts';

const empty: SupportThread = { conversation: null, messages: [], unread: 0, visitor: true };
const sent = (id: number, conversationId = 4): SupportMessage => ({
  id,
  conversation_id: conversationId,
  author: 'player',
  body: 'Hello',
  created_at: `2026-06-15T10:0${id}:00Z`,
});
const answered: SupportThread = {
  conversation: {
    id: 4,
    status: 'open',
    created_at: '2026-06-15T10:00:00Z',
    last_message_at: '2026-06-15T10:02:00Z',
    closed_at: null,
  },
  messages: [sent(1), { ...sent(2), author: 'operator', body: 'Hi!' }],
  unread: 1,
  visitor: false,
};

/**
 * The chat's conversation store afresh, with the realtime client's renewal watched, a page fetch
 * answering `GET /api/support/conversation` with the given threads in turn (the last repeats) and
 * `POST /api/support/messages` with the given messages in turn.
 */
async function chat(threads: SupportThread[], messages: SupportMessage[] = []) {
  vi.resetModules();
  const renew = vi.fn();
  vi.doMock('../../app/realtime/client', () => ({ renewRealtimeAccess: renew }));
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    let body: unknown = null;
    if (path === '/api/support/conversation') body = threads.length > 1 ? threads.shift() : threads[0];
    else if (path === '/api/support/messages') body = messages.shift();
    else if (path === '/api/support/conversation/seen') body = { unread: 0 };
    return new Response(JSON.stringify(body), {
      status: init?.method === 'POST' && path.endsWith('messages') ? 201 : 200,
    });
  });
  vi.stubGlobal('window', { fetch, dispatchEvent: () => true, location: { pathname: '/' } });
  const thread = await import('../../app/features/support/thread');
  // The page's state as the header's code keeps it (the counter, the visitor's hint).
  const page = { unread: 0, chatted: false };
  thread.attachPort({
    setUnread: (unread) => void (page.unread = unread),
    setChatted: (chatted) => void (page.chatted = chatted),
    chatted: () => page.chatted,
    close: () => undefined,
    panelId: 'support-chat',
  });
  return { ...thread, page, renew, fetch };
}

describe('support chat conversation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock('../../app/realtime/client');
  });

  it("after a visitor's first message keeps the hint and asks the realtime access again, once", async () => {
    const { loadThread, sendMessage, currentThread, page, renew } = await chat([empty], [sent(1), sent(2)]);
    await loadThread('visitor');
    expect(page.chatted).toBe(false);
    await sendMessage('Hello');
    // The chat cookie was just set: the page now connects as the visitor, and a later page load knows it chatted.
    expect(renew).toHaveBeenCalledTimes(1);
    expect(page.chatted).toBe(true);
    expect(currentThread().thread).toMatchObject({ conversation: { id: 4, status: 'open' }, visitor: true });
    await sendMessage('Anyone there?');
    expect(renew).toHaveBeenCalledTimes(1);
    expect(currentThread().thread?.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it("a player's messages never ask for a visitor's access", async () => {
    const { loadThread, sendMessage, renew } = await chat([{ ...empty, visitor: false }], [sent(1)]);
    await loadThread(42);
    await sendMessage('Hello');
    expect(renew).not.toHaveBeenCalled();
  });

  it('loads again when the signed-in player changes: the counter follows, the visitor hint goes with the move', async () => {
    const visitorThread: SupportThread = { ...answered, visitor: true, unread: 0 };
    const { loadThread, markSeen, page, fetch } = await chat([visitorThread, answered]);
    await loadThread('visitor');
    expect(page).toEqual({ unread: 0, chatted: true });
    // Signed in: the server moved the visitor's conversation to the player (visitor: false).
    await loadThread(42);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(page).toEqual({ unread: 1, chatted: false });
    // The answer shown in the open chat is seen: the counter goes.
    await markSeen();
    expect(page.unread).toBe(0);
  });

  it('drops an answer that comes for an earlier owner of the page', async () => {
    const { loadThread, clearThread, currentThread, page } = await chat([answered]);
    const loading = loadThread(42);
    clearThread();
    await loading;
    expect(currentThread()).toEqual({ owner: null, status: 'idle', thread: null });
    expect(page.unread).toBe(0);
  });
});
