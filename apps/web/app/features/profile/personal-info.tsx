import './profile.css';
import type { Player } from '@orbit/contracts';
import { useI18n } from '../../lib/i18n';
import { Modal } from '../../ui/modal';
import { DetailsForm } from './details-form';

/**
 * The "personal info" modal (docs/rules/routes-and-guards.md "Popups"): the `deposit` context's
 * fields, every one required. The profile opens it from "Complete your details"; the cashbox
 * mounts it from its route before the first deposit when `needsPersonalInfo(player, fiat)` says
 * so, and goes on in `onSaved` (see apps/web/README.md).
 */
export function PersonalInfoModal({
  player,
  onClose,
  onSaved,
}: {
  player: Player;
  onClose: () => void;
  onSaved?: (player: Player) => void;
}) {
  const { t } = useI18n();
  return (
    <Modal title={t('profile.personalInfo.title')} onClose={onClose}>
      <div className="profile-popup">
        <p className="profile__hint">{t('profile.personalInfo.text')}</p>
        <DetailsForm
          context="deposit"
          player={player}
          submitLabel={t('profile.personalInfo.submit')}
          onSaved={onSaved}
        />
      </div>
    </Modal>
  );
}
