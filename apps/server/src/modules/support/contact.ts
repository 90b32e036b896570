/**
 * The contact form (docs/support.md "The contact form"): each message becomes a conversation of
 * party `contact` in the operators' inbox, waiting for an answer; an operator's answer goes out by
 * mail (live.ts) to the address given, in the language the form was sent in.
 */
import type { z } from 'zod';
import { normalizeEmail, type contactMessageRequestSchema } from '@orbit/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { countAddressCall } from './address-limits';
import { supportConversations, supportMessages } from './schema';
import { lineOf, queueOf } from './service';

/** Who sends the form: the address it comes from, the page's locale, the signed-in player if any. */
export type ContactSender = {
  ip: string;
  locale: string;
  player: { userId: number; groupIds: readonly number[] } | null;
};

/** The form as the contract parsed it (trimmed; the subject defaults to ''). */
export type ContactForm = z.output<typeof contactMessageRequestSchema>;

export class ContactDesk {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Files the message as a new open conversation, unread by the operators; 429 past 5 an hour per address. */
  async send(form: ContactForm, sender: ContactSender): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      await countAddressCall(tx, 'contact_message', sender.ip, now);
      const groupIds = sender.player?.groupIds ?? [];
      const [conversation] = await tx
        .insert(supportConversations)
        .values({
          party: 'contact',
          userId: sender.player?.userId ?? null,
          contactName: form.name,
          contactEmail: normalizeEmail(form.email),
          contactSubject: form.subject === '' ? null : form.subject,
          locale: sender.locale,
          queue: queueOf(groupIds),
          line: lineOf(groupIds),
          createdAt: now,
          lastMessageAt: now,
          unreadByOperator: 1,
        })
        .returning({ id: supportConversations.id });
      await tx
        .insert(supportMessages)
        .values({ conversationId: conversation!.id, author: 'player', body: form.message, createdAt: now });
      return conversation!.id;
    });
  }
}
