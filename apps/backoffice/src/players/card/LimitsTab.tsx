/**
 * Responsible-gambling limits (permission `limits.read`): each limit in force with this period's
 * usage and any change waiting, every cooling-off and self-exclusion, and the reality check.
 */
import { Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { BackofficePlayerLimits, BackofficePlayerProfile } from '@orbit/contracts';
import { useMoney } from '../money';
import { when } from './Facts';
import { usePlayerSection } from './section';
import { SectionState, SimpleTable } from './SimpleTable';

type Limit = BackofficePlayerLimits['limits'][number];
type Exclusion = BackofficePlayerLimits['exclusions'][number];

function useLimitText() {
  const money = useMoney();
  return {
    amount: (l: Limit) =>
      l.type === 'session'
        ? `${l.minutes ?? 0} min`
        : l.accounts.map((a) => money(a.amount_cents, a.currency)).join(', '),
    usage: (l: Limit) =>
      l.type === 'session'
        ? `${l.current_value_minutes ?? 0} min`
        : l.accounts.map((a) => money(a.current_value_amount_cents, a.currency)).join(', '),
    pending: (l: Limit) => {
      if (!l.pending_change) return '';
      const raise = l.accounts
        .filter((a) => a.pending_amount_cents !== null)
        .map((a) => `to ${money(a.pending_amount_cents, a.currency)}`);
      return [l.pending_change.action, ...raise, `from ${when(l.pending_change.confirmable_at)}`].join(' ');
    },
  };
}

export function LimitsTab() {
  const player = useRecordContext<BackofficePlayerProfile>();
  const { data, error } = usePlayerSection<BackofficePlayerLimits>(player?.id, 'limits');
  const text = useLimitText();
  if (!data) return <SectionState error={error} />;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">Limits in force</Typography>
      <SimpleTable<Limit>
        testId="player-limits"
        rows={data.limits}
        empty="No limits."
        columns={[
          { label: 'Kind', render: (l) => l.type },
          { label: 'Period', render: (l) => l.period },
          { label: 'Amount', align: 'right', render: text.amount },
          { label: 'Used this period', align: 'right', render: text.usage },
          { label: 'Period ends', render: (l) => when(l.active_until) ?? '' },
          { label: 'Status', render: (l) => l.status },
          { label: 'Change waiting', render: text.pending },
          { label: 'Set', render: (l) => when(l.created_at) },
        ]}
      />
      <Typography variant="subtitle2">Cooling-off and self-exclusion</Typography>
      <SimpleTable<Exclusion>
        testId="player-exclusions"
        rows={data.exclusions}
        empty="Never excluded."
        columns={[
          { label: 'Kind', render: (e) => e.type },
          { label: 'Period', render: (e) => e.period },
          { label: 'Since', render: (e) => when(e.created_at) },
          { label: 'Until', render: (e) => when(e.ends_at) ?? 'permanent' },
          { label: 'In force', render: (e) => (e.active ? 'yes' : `no (over ${when(e.removed_at) ?? ''})`) },
        ]}
      />
      <Typography variant="body2">
        Reality check: {data.reality_check_minutes > 0 ? `every ${data.reality_check_minutes} minutes` : 'off'}
      </Typography>
    </Stack>
  );
}
