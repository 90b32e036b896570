import { describe, expect, it } from 'vitest';
import type { SupportConversation, SupportMessage, SupportPush, SupportThread } from '@orbit/contracts';
import {
  applyPush,
  appendSent,
  isClosed,
  isSupportPush,
  mergeMessages,
  messageTime,
} from '../../app/features/support/rules';
import { chatHashDelay, supportCounterText } from '../../app/features/support/header-rules';
import { checkContact } from '../../app/features/support/contact-page';

const conversation = (id: number, status: 'open' | 'closed' = 'open'): SupportConversation => ({
  id,
  status,
  created_at: '2026-06-15T10:00:00Z',
  last_message_at: '2026-06-15T10:05:00Z',
  closed_at: status === 'closed' ? '2026-06-15T10:06:00Z' : null,
});
const message = (id: number, author: 'player' | 'operator', minute: number, conversationId = 1): SupportMessage => ({
  id,
  conversation_id: conversationId,
  author,
  body: `${author} ${id}`,
  created_at: `2026-06-15T10:${String(minute).padStart(2, '0')}:00Z`,
});
const thread = (messages: SupportMessage[], conv: SupportConversation | null = conversation(1)): SupportThread => ({
  conversation: conv,
  messages,
  unread: 0,
  visitor: false,
});
const push = (msg: SupportMessage | null, conv = conversation(1), unread = 1): SupportPush => ({
  conversation: conv,
  message: msg,
  unread,
});
const ids = (t: SupportThread | null) => t?.messages.map((m) => m.id);

describe('support chat rules', () => {
  it('counts unread answers as the header shows them: none, "1", then "1+"', () => {
    expect(supportCounterText(0)).toBeNull();
    expect(supportCounterText(1)).toBe('1');
    expect(supportCounterText(2)).toBe('1+');
    expect(supportCounterText(37)).toBe('1+');
    expect(supportCounterText(-1)).toBeNull();
    expect(supportCounterText(Number.NaN)).toBeNull();
  });

  it('keeps each message once, oldest first, whatever order the answers and pushes bring them in', () => {
    const merged = mergeMessages(
      [message(2, 'operator', 3), message(1, 'player', 1)],
      [message(3, 'player', 3), { ...message(2, 'operator', 3), body: 'edited copy' }],
    );
    // The same minute: the server's order (the id) decides.
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged.find((m) => m.id === 2)?.body).toBe('edited copy');
  });

  it("adds a pushed answer once, and the player's own message echoed from another tab once", () => {
    const shown = thread([message(1, 'player', 1)]);
    const answered = applyPush(shown, push(message(2, 'operator', 2), conversation(1), 1));
    expect(ids(answered)).toEqual([1, 2]);
    expect(answered?.unread).toBe(1);
    // A redelivery of the same answer, then the echo of the message this tab already shows.
    const again = applyPush(answered, push(message(2, 'operator', 2), conversation(1), 1));
    const echoed = applyPush(again, push(message(1, 'player', 1), conversation(1), 1));
    expect(ids(echoed)).toEqual([1, 2]);
  });

  it('marks a closed conversation and keeps its messages; the next message opens a new one', () => {
    const shown = thread([message(1, 'player', 1), message(2, 'operator', 2)]);
    const closed = applyPush(shown, push(null, conversation(1, 'closed'), 0));
    expect(isClosed(closed)).toBe(true);
    expect(ids(closed)).toEqual([1, 2]);
    // The player writes again: the server opened conversation 2.
    const next = appendSent(closed, message(3, 'player', 9, 2), false);
    expect(isClosed(next)).toBe(false);
    expect(next.conversation).toMatchObject({ id: 2, status: 'open' });
    expect(ids(next)).toEqual([3]);
  });

  it('shows a newer conversation pushed in its place, and leaves a late push of an older one alone', () => {
    const shown = thread([message(5, 'player', 5, 2)], conversation(2));
    expect(applyPush(shown, push(message(1, 'operator', 1, 1), conversation(1), 3))).toBe(shown);
    const newer = applyPush(shown, push(message(9, 'player', 9, 3), conversation(3), 0));
    expect(newer?.conversation?.id).toBe(3);
    expect(ids(newer)).toEqual([9]);
    // Nothing known yet: the conversation is loaded instead.
    expect(applyPush(null, push(message(9, 'player', 9)))).toBeNull();
  });

  it("adds the sent message to the conversation shown, or starts the visitor's first one", () => {
    const shown = thread([message(1, 'player', 1)]);
    const sent = appendSent(shown, message(2, 'player', 2), false);
    expect(ids(sent)).toEqual([1, 2]);
    expect(sent.conversation?.last_message_at).toBe(message(2, 'player', 2).created_at);
    const first = appendSent(
      { conversation: null, messages: [], unread: 0, visitor: true },
      message(7, 'player', 3, 4),
      true,
    );
    expect(first).toMatchObject({ conversation: { id: 4, status: 'open' }, visitor: true });
    expect(ids(first)).toEqual([7]);
  });

  it('tells a support push from anything else on the channel', () => {
    expect(isSupportPush(push(message(2, 'operator', 2)))).toBe(true);
    expect(isSupportPush(push(null, conversation(1, 'closed'), 0))).toBe(true);
    expect(isSupportPush(null)).toBe(false);
    expect(isSupportPush({ conversation: conversation(1), unread: 1 })).toBe(false);
    expect(isSupportPush({ ...push(message(2, 'operator', 2)), message: { id: 2, body: 'x' } })).toBe(false);
    expect(isSupportPush({ ...push(null), conversation: { id: 1, status: 'lost' } })).toBe(false);
  });

  it('opens the chat from the address: #support at once, #chat after a second, nothing else', () => {
    expect(chatHashDelay('#support')).toBe(0);
    expect(chatHashDelay('#chat')).toBe(1000);
    expect(chatHashDelay('')).toBeNull();
    expect(chatHashDelay('#sign-in')).toBeNull();
  });

  it("shows a message's time alone today, with its day otherwise", () => {
    const now = new Date(2026, 5, 15, 18, 0);
    const today = new Date(2026, 5, 15, 9, 5).toISOString();
    const before = new Date(2026, 5, 3, 9, 5).toISOString();
    // (ICU writes a narrow no-break space before AM in newer versions)
    expect(messageTime(today, 'en', now)).toMatch(/^9:05\sAM$/);
    expect(messageTime(today, 'de', now)).toBe('9:05');
    expect(messageTime(before, 'en', now)).toContain('Jun');
    expect(messageTime(before, 'de', now)).toContain('Juni');
    expect(messageTime('not a date', 'en', now)).toBe('');
  });

  it("checks the contact form with the contract's rules: the subject may stay empty", () => {
    expect(checkContact({ name: 'Ann', email: 'ann@casino.test', subject: '', message: 'Hello' })).toEqual({
      name: undefined,
      email: undefined,
      subject: undefined,
      message: undefined,
    });
    expect(checkContact({ name: ' ', email: 'ann@', subject: 'x'.repeat(151), message: '   ' })).toEqual({
      name: 'required',
      email: 'invalid_email',
      subject: 'too_long',
      message: 'required',
    });
  });
});
