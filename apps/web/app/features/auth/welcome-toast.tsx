import type { Player } from '@orbit/contracts';
import { useI18n } from '../../lib/i18n';
import { playerDisplayName } from '../../lib/player-name';
import { Toast } from '../../ui/toast';

/**
 * The word after a sign-up (the confirmation mail is on its way; the address itself is not put on
 * screen) or a sign-in (welcome back, by the name the header shows), over the page the player was
 * led to; it closes by itself (docs/rules/page-shell.md "Notices").
 */
export default function WelcomeToast({
  kind,
  player,
  onClose,
}: {
  kind: 'signedUp' | 'signedIn';
  player: Pick<Player, 'nickname' | 'email'>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Toast onClose={onClose} testId="welcome-toast">
      {kind === 'signedUp' ? t('auth.welcomeSignedUp') : t('auth.welcomeSignedIn', { name: playerDisplayName(player) })}
    </Toast>
  );
}
