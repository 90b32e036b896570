/**
 * Live answers: every operator's reply or close reaches the player on their private channel
 * `support` (modules/realtime/README.md), after the commit, as `{conversation, message, unread}`.
 * The handler reads through the delivery's transaction; a redelivery pushes the same again, which
 * the page takes as the same message (its id).
 */
import { eq } from 'drizzle-orm';
import type { SupportPush } from '@orbit/contracts';
import type { ModuleContext } from '../../platform/context';
import { publishToPlayer } from '../../platform/realtime/channels';
import { SUPPORT_NOTICE_TOPIC, type SupportNotice } from './inbox';
import { presentConversation, presentMessage } from './present';
import { supportConversations, supportMessages } from './schema';

export function registerLiveAnswers(ctx: ModuleContext): void {
  ctx.outbox.on(
    SUPPORT_NOTICE_TOPIC,
    'support.publish-notice',
    async (event, { tx, afterCommit }) => {
      const notice = event.payload as SupportNotice;
      const [conversation] = await tx
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.id, notice.conversationId));
      if (!conversation) return;
      const [message] =
        notice.messageId === null
          ? []
          : await tx.select().from(supportMessages).where(eq(supportMessages.id, notice.messageId));
      const push: SupportPush = {
        conversation: presentConversation(conversation),
        message: message ? presentMessage(message) : null,
        unread: conversation.unreadByPlayer,
      };
      afterCommit(() => publishToPlayer(ctx.pubsub, conversation.userId, 'support', push));
    },
    { readOnly: true },
  );
}
