/**
 * The cashout queue: the cashouts waiting for an operator, oldest first, each with what finance
 * decides on (the player's deposits and cashouts, open bonuses, verification, account age, a
 * block, players sharing an address or a device), approved or rejected with a reason.
 */
import { Chip, Stack, Typography } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, TextField, useRecordContext } from 'react-admin';
import { Link } from 'react-router';
import type { BackofficeCashout } from '@orbit/contracts';
import { api } from '../api';
import { ReasonButtons } from '../layout/DecisionButtons';
import { formatMoney } from '../players/money';

function Facts() {
  const cashout = useRecordContext<BackofficeCashout>();
  if (!cashout) return null;
  const { facts } = cashout;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip size="small" label={`Account ${facts.player.account_age_days} days old`} />
        <Chip
          size="small"
          color={facts.verification === 'verified' ? 'success' : 'warning'}
          label={`Verification: ${facts.verification}`}
        />
        <Chip
          size="small"
          color={facts.bonuses_wagering > 0 ? 'warning' : 'default'}
          label={`Open bonuses: ${facts.bonuses_wagering}`}
        />
        {facts.blocked && <Chip size="small" color="error" label="Blocked" />}
      </Stack>
      {facts.money.map((m) => (
        <Typography key={m.currency} variant="body2">
          {`Deposits ${formatMoney(m.deposits_cents, m.currency, cashout.subunits_to_unit)} (${m.deposits_count}), cashouts ${formatMoney(m.cashouts_cents, m.currency, cashout.subunits_to_unit)} (${m.cashouts_count})`}
        </Typography>
      ))}
      {facts.money.length === 0 && <Typography variant="body2">No deposit has succeeded</Typography>}
      {facts.shared_with.length > 0 && (
        <Typography variant="body2" color="error">
          {`Shares ${facts.shared_with.map((s) => `${s.via} with ${s.email} (#${s.player_id})`).join(', ')}`}
        </Typography>
      )}
    </Stack>
  );
}

function Decision() {
  const cashout = useRecordContext<BackofficeCashout>();
  if (!cashout) return null;
  return (
    <ReasonButtons
      title={(choice) => `${choice.label} cashout ${cashout.id}`}
      choices={[
        { label: 'Approve', color: 'success', done: 'Cashout approved' },
        { label: 'Reject', color: 'error', done: 'Cashout rejected' },
      ]}
      hint="A rejection's reason is shown to the player with the payment."
      onDecide={(choice, reason) =>
        api('POST', `/cashouts/${cashout.id}/decision`, {
          decision: choice.label === 'Approve' ? 'approve' : 'reject',
          reason,
        })
      }
    />
  );
}

export function CashoutQueue() {
  return (
    <List title="Cashout queue" sort={{ field: 'id', order: 'ASC' }} perPage={25} empty={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" sortable={false} />
        <DateField source="payment.created_at" label="Asked" showTime sortable={false} />
        <FunctionField
          label="Player"
          render={(c: BackofficeCashout) => (
            <Link to={`/backoffice/players/${c.facts.player.id}/show`}>{c.facts.player.email}</Link>
          )}
        />
        <FunctionField
          label="Amount"
          render={(c: BackofficeCashout) => formatMoney(c.payment.amount_cents, c.payment.currency, c.subunits_to_unit)}
        />
        <TextField source="payment.system_name" label="Method" sortable={false} />
        <FunctionField label="Facts" render={() => <Facts />} />
        <FunctionField label="Decision" render={() => <Decision />} />
      </Datagrid>
    </List>
  );
}

export const cashouts = { name: 'cashouts', list: CashoutQueue, options: { label: 'Cashout queue' } };
