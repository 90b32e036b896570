/**
 * The support module's public face (docs/support.md): a player's conversation with the casino's
 * support, the player's calls under `/api/support/*`, the operators' answers pushed live on the
 * player's channel `support`. The back office reads and answers through this door
 * (`SupportInbox`, `inboxPage`, `inboxConversation`); it never reads the tables.
 */
import type { OrbitModule } from '../../platform/module';
import { registerLiveAnswers } from './live';
import { supportRoutes } from './routes';
import { SupportDesk } from './service';
export { SUPPORT_CANNED_ANSWERS } from './canned';
export {
  inboxConversation,
  inboxPage,
  SupportInbox,
  SUPPORT_NOTICE_TOPIC,
  type InboxFilter,
  type InboxRow,
  type SupportHook,
} from './inbox';
export { SUPPORT_MESSAGES_PER_MINUTE } from './service';
export type { SupportConversationRow, SupportMessageRow } from './schema';

export const supportModule: OrbitModule = {
  name: 'support',
  routes: async (app, ctx) => {
    registerLiveAnswers(ctx);
    await supportRoutes(new SupportDesk(ctx.db, ctx.clock))(app);
  },
};
