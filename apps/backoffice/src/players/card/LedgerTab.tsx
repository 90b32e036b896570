/**
 * The ledger statement: every transfer on the player's accounts, newest first, signed for the
 * account, with the account's balance after it; filtered by kind, currency and period, paged.
 */
import { MenuItem, Stack, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { Datagrid, DateField, FunctionField, Pagination, ReferenceManyField, TextField } from 'react-admin';
import { LEDGER_TRANSFER_KINDS, type BackofficeStatementRow } from '@orbit/contracts';
import { Money } from '../money';

type Filter = { kind: string; currency: string; from: string; to: string };

function LedgerFilters({ filter, onChange }: { filter: Filter; onChange: (next: Filter) => void }) {
  const set = (key: keyof Filter) => (event: { target: { value: string } }) =>
    onChange({ ...filter, [key]: event.target.value });
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
      <MuiTextField
        select
        label="Kind"
        value={filter.kind}
        onChange={set('kind')}
        size="small"
        fullWidth={false}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">All kinds</MenuItem>
        {LEDGER_TRANSFER_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {kind}
          </MenuItem>
        ))}
      </MuiTextField>
      <MuiTextField
        label="Currency"
        value={filter.currency}
        onChange={set('currency')}
        size="small"
        fullWidth={false}
        placeholder="EUR"
        slotProps={{ htmlInput: { maxLength: 5 } }}
      />
      <MuiTextField
        label="From"
        type="date"
        value={filter.from}
        onChange={set('from')}
        size="small"
        fullWidth={false}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <MuiTextField
        label="To"
        type="date"
        value={filter.to}
        onChange={set('to')}
        size="small"
        fullWidth={false}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}

export function LedgerTab() {
  const [filter, setFilter] = useState<Filter>({ kind: '', currency: '', from: '', to: '' });
  // A currency is asked for only once it is a whole code (the server refuses a partial one).
  const asked = {
    ...filter,
    currency: /^[A-Z]{3,5}$/.test(filter.currency.toUpperCase()) ? filter.currency.toUpperCase() : '',
  };
  return (
    <>
      <LedgerFilters filter={filter} onChange={setFilter} />
      <ReferenceManyField
        reference="transfers"
        target="players"
        filter={asked}
        perPage={25}
        pagination={<Pagination />}
      >
        <Datagrid bulkActionButtons={false} rowClick={false} data-testid="player-ledger">
          <DateField source="at" label="When" showTime sortable={false} />
          <TextField source="transfer_id" label="Transfer" sortable={false} />
          <TextField source="kind" sortable={false} />
          <TextField source="reference" sortable={false} />
          <TextField source="account_kind" label="Account" sortable={false} />
          <FunctionField<BackofficeStatementRow>
            label="Amount"
            textAlign="right"
            render={(r) => <Money cents={r.amount_cents} currency={r.currency} />}
          />
          <FunctionField<BackofficeStatementRow>
            label="Balance after"
            textAlign="right"
            render={(r) => <Money cents={r.balance_after_cents} currency={r.currency} />}
          />
        </Datagrid>
      </ReferenceManyField>
    </>
  );
}
