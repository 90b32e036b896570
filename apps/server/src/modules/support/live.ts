/**
 * After every support notice (an operator's reply or close, the writer's own message), once
 * committed:
 * - a player's or a visitor's conversation: pushed on their private channel `support`
 *   (modules/realtime/README.md) as `{conversation, message, unread}`: the player's channel, or
 *   the visitor's (the topic of their chat cookie's key);
 * - a contact-form conversation: an operator's reply is mailed to the contact's address.
 * The handlers read through the delivery's transaction. A redelivery pushes the same again, which
 * the page takes as the same message (its id); the mail is written in the delivery's transaction,
 * so it is written once.
 */
import { eq } from 'drizzle-orm';
import type { SupportPush } from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import type { Executor } from '../../platform/db/executor';
import { publishToPlayer, publishToVisitor } from '../../platform/realtime/channels';
import { contactAnswerMail } from './mails';
import { SUPPORT_NOTICE_TOPIC, type SupportNotice } from './notice';
import { presentConversation, presentMessage } from './present';
import { supportConversations, supportMessages } from './schema';

/**
 * The notice's message and the conversation it is in now: a visitor's conversation merged into
 * the player's at sign-in took its messages along, so the message leads to where it went.
 */
async function noticed(tx: Executor, notice: SupportNotice) {
  const [message] =
    notice.messageId === null
      ? []
      : await tx.select().from(supportMessages).where(eq(supportMessages.id, notice.messageId));
  const [conversation] = await tx
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.id, message?.conversationId ?? notice.conversationId));
  return { conversation, message };
}

export function registerLiveAnswers(ctx: ModuleContext): void {
  ctx.outbox.on(
    SUPPORT_NOTICE_TOPIC,
    'support.publish-notice',
    async (event, { tx, afterCommit }) => {
      const { conversation, message } = await noticed(tx, event.payload as SupportNotice);
      if (!conversation || conversation.party === 'contact') return;
      const push: SupportPush = {
        conversation: presentConversation(conversation),
        message: message ? presentMessage(message) : null,
        unread: conversation.unreadByPlayer,
      };
      const { userId, visitorKey } = conversation;
      if (conversation.party === 'visitor' && visitorKey !== null)
        afterCommit(() => publishToVisitor(ctx.pubsub, visitorKey, 'support', push));
      else if (userId !== null) afterCommit(() => publishToPlayer(ctx.pubsub, userId, 'support', push));
    },
    { readOnly: true },
  );

  ctx.outbox.on(SUPPORT_NOTICE_TOPIC, 'support.mail-contact-answer', async (event, { tx, afterCommit }) => {
    const { conversation, message } = await noticed(tx, event.payload as SupportNotice);
    if (conversation?.party !== 'contact' || conversation.contactEmail === null || message?.author !== 'operator')
      return;
    const id = await ctx.mailer.enqueue(
      tx,
      contactAnswerMail({
        email: conversation.contactEmail,
        name: conversation.contactName,
        subject: conversation.contactSubject,
        locale: conversation.locale,
        answer: message.body,
      }),
    );
    afterCommit(() => ctx.mailer.deliver([id]));
  });
}
