/** The card's first tab: who the player is, how they sign in, their groups, KYC and loyalty. */
import { Chip, Divider, Stack, Typography } from '@mui/material';
import { usePlayerProfile } from '../profile';
import { Facts, when } from './Facts';

const yes = (value: boolean) => (value ? 'yes' : 'no');

export function ProfileTab() {
  const player = usePlayerProfile();
  if (!player) return null;
  const name = [player.first_name, player.last_name].filter(Boolean).join(' ');
  const { verification, loyalty } = player;
  return (
    <Stack spacing={2} data-testid="player-profile">
      <Facts
        items={[
          ['Email', player.email],
          ['Nickname', player.nickname],
          ['Name', name],
          ['Gender', player.gender],
          ['Date of birth', player.date_of_birth],
          ['Phone', player.mobile_phone],
          ['Country', [player.country, player.state].filter(Boolean).join(', ')],
          ['City', [player.postal_code, player.city].filter(Boolean).join(' ')],
          ['Address', player.address],
          ['Currency', player.currency],
          ['Language', player.language],
          ['Time zone', player.time_zone],
          ['Registered', when(player.created_at)],
          ['Confirmed', player.confirmed ? when(player.confirmed_at) : 'no'],
          ['Two-factor', yes(player.two_factor)],
          ['Sign-ins', player.sign_in_count],
          ['Last sign-in', [when(player.last_sign_in.at), player.last_sign_in.ip].filter(Boolean).join(' from ')],
          ['Promotions by mail / SMS', `${yes(player.receive_promos)} / ${yes(player.receive_sms_promos)}`],
          ['Takes bonuses', yes(player.can_issue_bonuses)],
        ]}
      />
      <Divider />
      <Typography variant="subtitle2">Groups</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {player.groups.map((g) => (
          <Chip key={g.id} label={`${g.name} (${g.id})`} size="small" variant="outlined" />
        ))}
      </Stack>
      <Divider />
      <Facts
        items={[
          [
            'Verification',
            `${verification.status}: ${verification.approved} approved, ${verification.pending} pending, ${verification.rejected} rejected`,
          ],
          ['Approved kinds', verification.approved_kinds.join(', ')],
          ['Level', `${loyalty.level.rank}: ${loyalty.level.name}`],
          ['VIP status', loyalty.vip_status_name],
          [
            'Comp points',
            `${loyalty.comp_points.chargeable} to spend, ${loyalty.comp_points.persistent} earned in all`,
          ],
        ]}
      />
    </Stack>
  );
}
