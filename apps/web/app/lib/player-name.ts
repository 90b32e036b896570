import type { Player } from '@orbit/contracts';

/**
 * How the page names a signed-in player where others may see it (the header, the side menu):
 * the nickname, else the address masked (`ad***@example.com`): never the whole address on screen.
 */
export function playerDisplayName(player: Pick<Player, 'nickname' | 'email'>): string {
  if (player.nickname) return player.nickname;
  const at = player.email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${player.email.slice(0, Math.min(2, at))}***${player.email.slice(at)}`;
}
