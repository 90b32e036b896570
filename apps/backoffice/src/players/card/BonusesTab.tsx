/** Bonuses (stage, amount, wagering done of required, deadline) and free spins, newest first. */
import { Stack, Typography } from '@mui/material';
import { usePermissions, useRecordContext } from 'react-admin';
import type { BackofficePlayerBonuses, BackofficePlayerProfile } from '@orbit/contracts';
import { api } from '../../api';
import { ReasonButtons } from '../../layout/DecisionButtons';
import { useMoney } from '../money';
import { when } from './Facts';
import { usePlayerSection } from './section';
import { SectionState, SimpleTable } from './SimpleTable';

type Bonus = BackofficePlayerBonuses['bonuses'][number];
type Freespin = BackofficePlayerBonuses['freespins'][number];

const OPEN_BONUS = ['issued', 'wait', 'handle_bets'];
const OPEN_SPINS = ['issued', 'activated'];

/** Cancel with a reason, for an operator who may grant bonuses (`bonuses.grant`). */
function CancelButton({ path, done, onDone }: { path: string; done: string; onDone: () => void }) {
  const { permissions } = usePermissions<string[]>();
  if (!permissions?.includes('bonuses.grant')) return null;
  return (
    <ReasonButtons
      title={() => 'Cancel for the player'}
      choices={[{ label: 'Cancel', color: 'warning', done }]}
      hint="The bonus money and winnings are forfeited. Written into the audit log."
      onDecide={async (_choice, reason) => {
        await api('POST', path, { reason });
        onDone();
      }}
    />
  );
}

export function BonusesTab() {
  const player = useRecordContext<BackofficePlayerProfile>();
  const { data, error, reload } = usePlayerSection<BackofficePlayerBonuses>(player?.id, 'bonuses');
  const money = useMoney();
  if (!data || !player) return <SectionState error={error} />;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">Bonuses</Typography>
      <SimpleTable<Bonus>
        testId="player-bonuses"
        rows={data.bonuses}
        empty="No bonuses."
        columns={[
          { label: 'Id', render: (b) => b.id },
          { label: 'Title', render: (b) => b.title },
          { label: 'Kind', render: (b) => b.kind },
          { label: 'State', render: (b) => b.state },
          { label: 'Amount', align: 'right', render: (b) => money(b.amount_cents, b.currency) },
          {
            label: 'Wagered of required',
            align: 'right',
            render: (b) => `${money(b.wagered_cents, b.currency)} / ${money(b.wager_requirement_cents, b.currency)}`,
          },
          { label: 'Given', render: (b) => when(b.created_at) },
          { label: 'Expires', render: (b) => when(b.expires_at) ?? '' },
          {
            label: '',
            render: (b) =>
              OPEN_BONUS.includes(b.state) ? (
                <CancelButton
                  path={`/players/${player.id}/bonuses/${b.id}/cancel`}
                  done="Bonus canceled"
                  onDone={reload}
                />
              ) : null,
          },
        ]}
      />
      <Typography variant="subtitle2">Free spins</Typography>
      <SimpleTable<Freespin>
        testId="player-freespins"
        rows={data.freespins}
        empty="No free spins."
        columns={[
          { label: 'Id', render: (f) => f.id },
          { label: 'Title', render: (f) => f.title },
          { label: 'State', render: (f) => f.state },
          { label: 'Games', render: (f) => f.games.join(', ') },
          { label: 'Played', align: 'right', render: (f) => `${f.performed} / ${f.count}` },
          { label: 'Bet level', align: 'right', render: (f) => money(f.bet_level_cents, f.currency) },
          { label: 'Won', align: 'right', render: (f) => money(f.win_cents, f.currency) },
          { label: 'Expires', render: (f) => when(f.expires_at) ?? '' },
          {
            label: '',
            render: (f) =>
              OPEN_SPINS.includes(f.state) ? (
                <CancelButton
                  path={`/players/${player.id}/freespins/${f.id}/cancel`}
                  done="Free spins canceled"
                  onDone={reload}
                />
              ) : null,
          },
        ]}
      />
    </Stack>
  );
}
