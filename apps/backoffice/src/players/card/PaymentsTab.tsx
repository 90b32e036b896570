/** Deposits and cashouts (permission `payments.read`): state, method, amounts and the reason given. */
import { MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { Datagrid, DateField, FunctionField, Pagination, ReferenceManyField, TextField } from 'react-admin';
import type { BackofficePlayerPayment } from '@orbit/contracts';
import { Money } from '../money';

export function PaymentsTab() {
  const [type, setType] = useState('');
  return (
    <>
      <MuiTextField
        select
        label="Type"
        value={type}
        onChange={(event) => setType(event.target.value)}
        size="small"
        fullWidth={false}
        sx={{ minWidth: 180, mb: 1 }}
      >
        <MenuItem value="">Deposits and cashouts</MenuItem>
        <MenuItem value="deposit">Deposits</MenuItem>
        <MenuItem value="cashout">Cashouts</MenuItem>
      </MuiTextField>
      <ReferenceManyField
        reference="payments"
        target="players"
        filter={{ type }}
        perPage={25}
        pagination={<Pagination />}
      >
        <Datagrid bulkActionButtons={false} rowClick={false} data-testid="player-payments">
          <TextField source="id" sortable={false} />
          <DateField source="created_at" label="Created" showTime sortable={false} />
          <TextField source="action" label="Type" sortable={false} />
          <TextField source="state" sortable={false} />
          <TextField source="method" sortable={false} />
          <FunctionField<BackofficePlayerPayment>
            label="Amount"
            textAlign="right"
            render={(p) => <Money cents={p.amount_cents} currency={p.currency} />}
          />
          <FunctionField<BackofficePlayerPayment>
            label="Of it held"
            textAlign="right"
            render={(p) => (p.held_cents > 0 ? <Money cents={p.held_cents} currency={p.currency} /> : '')}
          />
          <FunctionField<BackofficePlayerPayment>
            label="Reason"
            render={(p) => p.cancellation_reason ?? p.held_reason ?? ''}
          />
          <DateField source="finished_at" label="Finished" showTime sortable={false} />
        </Datagrid>
      </ReferenceManyField>
    </>
  );
}
