/** The player's accounts: one per currency, with the real, bonus, held and reserved balances. */
import { BooleanField, Datagrid, FunctionField, ReferenceManyField, TextField } from 'react-admin';
import type { BackofficePlayerAccount } from '@orbit/contracts';
import { Money } from '../money';

const balance = (label: string, source: keyof BackofficePlayerAccount) => (
  <FunctionField<BackofficePlayerAccount>
    label={label}
    textAlign="right"
    render={(a) => <Money cents={a[source] as number} currency={a.currency} />}
  />
);

export function AccountsTab() {
  return (
    <ReferenceManyField reference="accounts" target="players" perPage={200}>
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="player-accounts">
        <TextField source="currency" sortable={false} />
        <BooleanField source="active" sortable={false} />
        {balance('Real', 'real_cents')}
        {balance('Bonus', 'bonus_cents')}
        {balance('Held (withdraw only)', 'held_cents')}
        {balance('Reserved (cashouts)', 'reserved_cents')}
      </Datagrid>
    </ReferenceManyField>
  );
}
