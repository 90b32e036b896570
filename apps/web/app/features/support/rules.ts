/**
 * The support chat's rules (docs/rules/page-shell.md "Support chat"), pure so that they are
 * tested alone: the thread kept in order and without repeats whatever the answers and pushes
 * bring, a message's time. Typed by the contracts, never validated with zod here. The header's
 * own rules (the counter, the addresses) are in `header-rules.ts`: this module comes with the
 * chat's code, on demand.
 */
import type { SupportConversation, SupportMessage, SupportPush, SupportThread } from '@orbit/contracts';

/** Oldest first; the same instant is ordered by id (the server's order of writing). */
function byTime(a: SupportMessage, b: SupportMessage): number {
  return Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;
}

/**
 * The messages with the new ones added: one per id (a push may repeat a message already shown,
 * the player's own from another tab, or a redelivery), the newest copy of a message winning.
 */
export function mergeMessages(list: readonly SupportMessage[], added: readonly SupportMessage[]): SupportMessage[] {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of added) byId.set(message.id, message);
  return [...byId.values()].sort(byTime);
}

/**
 * The thread after a push of the `support` channel: an answer or the player's own message joins
 * its conversation (once), a close updates it, a newer conversation replaces the one shown, an
 * older one is left alone (a late redelivery). Null: no thread yet, it must be loaded.
 */
export function applyPush(thread: SupportThread | null, push: SupportPush): SupportThread | null {
  if (thread === null) return null;
  const shown = thread.conversation;
  if (shown !== null && push.conversation.id < shown.id) return thread;
  const same = shown !== null && push.conversation.id === shown.id;
  const earlier = same ? thread.messages : [];
  return {
    ...thread,
    conversation: push.conversation,
    messages: push.message ? mergeMessages(earlier, [push.message]) : earlier,
    unread: push.unread,
  };
}

/**
 * The thread after the player's own message was accepted: it joins the conversation shown, or
 * opens the next one (the first message, or the first after a close) as the server just did.
 */
export function appendSent(thread: SupportThread | null, message: SupportMessage, visitor: boolean): SupportThread {
  const shown = thread?.conversation ?? null;
  if (shown !== null && shown.id === message.conversation_id) {
    return {
      ...thread!,
      conversation: { ...shown, last_message_at: message.created_at },
      messages: mergeMessages(thread!.messages, [message]),
    };
  }
  const opened: SupportConversation = {
    id: message.conversation_id,
    status: 'open',
    created_at: message.created_at,
    last_message_at: message.created_at,
    closed_at: null,
  };
  return { conversation: opened, messages: [message], unread: thread?.unread ?? 0, visitor };
}

/** Whether the conversation shown was closed by an operator (the next message opens a new one). */
export function isClosed(thread: SupportThread | null): boolean {
  return thread?.conversation?.status === 'closed';
}

/** Whether a realtime message is a push of the `support` channel (checked by hand: no zod here). */
export function isSupportPush(data: unknown): data is SupportPush {
  const push = data as Partial<SupportPush> | null;
  if (!push || typeof push !== 'object') return false;
  const conversation = push.conversation as Partial<SupportConversation> | undefined;
  if (typeof conversation?.id !== 'number' || (conversation.status !== 'open' && conversation.status !== 'closed'))
    return false;
  if (typeof push.unread !== 'number') return false;
  if (push.message === null) return true;
  const message = push.message as Partial<SupportMessage> | undefined;
  return (
    typeof message?.id === 'number' &&
    typeof message.conversation_id === 'number' &&
    (message.author === 'player' || message.author === 'operator') &&
    typeof message.body === 'string' &&
    typeof message.created_at === 'string'
  );
}

/**
 * A message's time as the chat shows it: the hour and minute today, with the day before today
 * (in the page's language and the device's time zone).
 */
export function messageTime(iso: string, locale: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const today = at.toDateString() === now.toDateString();
  return at.toLocaleString(locale, {
    ...(today ? {} : { day: 'numeric', month: 'short' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}
