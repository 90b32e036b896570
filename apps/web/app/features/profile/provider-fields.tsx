import './profile.css';
import { missingPlayerFields, type Player } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { Modal } from '../../ui/modal';
import { DetailsForm } from './details-form';
import { loadProfileInfo } from './profile-data';

/**
 * The fields a game's provider still needs of the player before real play (docs/rules/fields.md
 * "Before real play"): `player_fields`' context named after the provider, checked against the
 * player. `'unknown'` while it is read (or when not asked: a guest, a demo); a failed read
 * answers none missing (the server checks the launch again and the page shows its refusal).
 */
export function useProviderFieldsCheck(
  provider: string,
  player: Player | null,
  enabled: boolean,
): 'unknown' | readonly string[] {
  const [asked, setAsked] = useState<readonly string[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadProfileInfo().then(
      (info) => live && setAsked(info.fields.contexts[provider] ?? []),
      () => live && setAsked([]),
    );
    return () => {
      live = false;
    };
  }, [provider, enabled]);
  if (!enabled || !player || asked === null) return 'unknown';
  return missingPlayerFields(player, asked);
}

/**
 * The edit-profile popup before real play: the provider's missing fields, every one required.
 * It cannot be closed (no close button, no Escape, no outside click): the game opens once the
 * fields are saved (`onSaved`), and the only other way is leaving for the lobby.
 */
export function ProviderFieldsModal({
  player,
  fields,
  onSaved,
}: {
  player: Player;
  fields: readonly string[];
  onSaved?: (player: Player) => void;
}) {
  const { t, locale } = useI18n();
  return (
    <Modal title={t('profile.providerFields.title')}>
      <div className="profile-popup" data-testid="provider-fields-popup">
        <p className="profile__hint">{t('profile.providerFields.text')}</p>
        <DetailsForm
          context="edition"
          only={fields}
          player={player}
          submitLabel={t('profile.providerFields.submit')}
          onSaved={onSaved}
        />
        <p className="profile__hint">
          <Link to={localizePath('/', locale)}>{t('profile.providerFields.leave')}</Link>
        </p>
      </div>
    </Modal>
  );
}
