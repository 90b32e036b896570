/**
 * Who a conversation is with, as the inbox names them: the player's address, "Visitor" (a chat
 * of someone not signed in, known by their chat cookie), or the contact form's name and address.
 */
import type { BackofficeSupportConversation } from '@orbit/contracts';

type Who = Pick<
  BackofficeSupportConversation,
  'id' | 'party' | 'user_id' | 'player_email' | 'contact_name' | 'contact_email'
>;

export function whoOf(conversation: Who): string {
  switch (conversation.party) {
    case 'visitor':
      return 'Visitor';
    case 'contact':
      return `${conversation.contact_name ?? ''} <${conversation.contact_email ?? ''}>`.trim();
    default:
      return conversation.player_email ?? `player ${conversation.user_id ?? '?'}`;
  }
}

/** How the inbox names the kinds of conversation (the filter and the chips). */
export const PARTY_LABELS: Record<BackofficeSupportConversation['party'], string> = {
  player: 'Player chat',
  visitor: 'Visitor chat',
  contact: 'Contact form',
};

/** The lines' labels: the second line is the players of group 545 ("Live chat: second provider"). */
export const LINE_LABELS: Record<BackofficeSupportConversation['line'], string> = {
  first: 'First line',
  second: 'Second line',
};
