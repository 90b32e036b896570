/**
 * The support module's public face (docs/support.md): a player's or a visitor's conversation with
 * the casino's support, their calls under `/api/support/*` and `/restore-id/*`, the contact form,
 * the operators' answers pushed live on the `support` channel (or mailed, for the contact form).
 * The back office reads and answers through this door (`SupportInbox`, `inboxPage`,
 * `inboxConversation`); it never reads the tables.
 */
import type { OrbitModule } from '../../platform/module';
import { ContactDesk } from './contact';
import { registerLiveAnswers } from './live';
import { supportRoutes } from './routes';
import { SupportDesk, visitorKnown } from './service';
import { chatCookieOf, visitorKeyOf } from './visitor';
export { SUPPORT_CANNED_ANSWERS } from './canned';
export { inboxConversation, inboxPage, SupportInbox, type InboxFilter, type InboxRow, type SupportHook } from './inbox';
export { SUPPORT_NOTICE_TOPIC } from './notice';
export { SUPPORT_MESSAGES_PER_MINUTE } from './service';
export { SUPPORT_ADDRESS_LIMITS } from './address-limits';
export { CHAT_COOKIE } from './visitor';
export type { SupportConversationRow, SupportMessageRow } from './schema';

export const supportModule: OrbitModule = {
  name: 'support',
  routes: async (app, ctx) => {
    registerLiveAnswers(ctx);
    // The realtime gateway hands a guest whose chat cookie names a visitor's conversation a visitor's token.
    app.orbitRealtimeVisitors.use(async (request) => {
      const cookie = chatCookieOf(request);
      if (cookie.kind !== 'restore_id') return null;
      const visitorKey = visitorKeyOf(cookie.restoreId);
      return (await visitorKnown(ctx.db, visitorKey)) ? visitorKey : null;
    });
    await supportRoutes(new SupportDesk(ctx.db, ctx.clock), new ContactDesk(ctx.db, ctx.clock), ctx)(app);
  },
};
