/**
 * Manual adjustments: a credit or a debit of a player's real balance with a category and a
 * reason. Above the four-eyes amount it waits for a second operator, who approves or rejects it;
 * the one who asked for it cannot.
 */
import {
  Create,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  useGetIdentity,
  useRecordContext,
} from 'react-admin';
import { Link } from 'react-router';
import {
  ADJUSTMENT_CATEGORIES,
  ADJUSTMENT_STATES,
  type BackofficeAdjustment,
  type BackofficePlayerAccount,
} from '@orbit/contracts';
import { api } from '../api';
import { ReasonButtons } from '../layout/DecisionButtons';
import { formatMoney } from '../players/money';

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id }));

const filters = [
  <SelectInput key="state" source="state" choices={choices(ADJUSTMENT_STATES)} alwaysOn />,
  <TextInput key="user_id" source="user_id" label="Player id" />,
];

function Decision() {
  const adjustment = useRecordContext<BackofficeAdjustment>();
  const { identity } = useGetIdentity();
  if (!adjustment || adjustment.state !== 'pending') return null;
  if (identity && Number(identity.id) === adjustment.created_by) return <>Waits for another operator</>;
  return (
    <ReasonButtons
      title={(choice) => `${choice.label} adjustment ${adjustment.id}`}
      choices={[
        { label: 'Approve', color: 'success', done: 'Adjustment applied' },
        { label: 'Reject', color: 'error', done: 'Adjustment rejected' },
      ]}
      onDecide={(choice, reason) =>
        api('POST', `/adjustments/${adjustment.id}/decision`, {
          decision: choice.label === 'Approve' ? 'approve' : 'reject',
          reason,
        })
      }
    />
  );
}

export function AdjustmentList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" sortable={false} />
        <DateField source="created_at" label="Asked" showTime sortable={false} />
        <FunctionField
          label="Player"
          render={(a: BackofficeAdjustment) => <Link to={`/backoffice/players/${a.user_id}/show`}>{a.user_id}</Link>}
        />
        <FunctionField
          label="Amount"
          render={(a: BackofficeAdjustment) =>
            `${a.direction === 'debit' ? '−' : '+'}${formatMoney(a.amount_cents, a.currency, a.subunits_to_unit)}`
          }
        />
        <TextField source="category" sortable={false} />
        <TextField source="reason" sortable={false} />
        <TextField source="created_by_name" label="Asked by" sortable={false} />
        <FunctionField
          label="State"
          render={(a: BackofficeAdjustment) => (a.four_eyes && a.state === 'pending' ? 'pending (four eyes)' : a.state)}
        />
        <FunctionField label="Decision" render={() => <Decision />} />
      </Datagrid>
    </List>
  );
}

/**
 * The amount is typed in units ("1000.50") and sent in minor units of the player's account in
 * that currency (an unknown player or currency is left for the server to refuse).
 */
async function toRequest(values: Record<string, unknown>) {
  const { amount, ...rest } = values;
  const accounts = await api<{ data: BackofficePlayerAccount[] }>(
    'GET',
    `/players/${Number(values.user_id)}/accounts`,
  ).catch(() => ({ data: [] }));
  const subunits = accounts.data.find((a) => a.currency === values.currency)?.subunits_to_unit ?? 100;
  return { ...rest, user_id: Number(values.user_id), amount_cents: Math.round(Number(amount) * subunits) };
}

export function AdjustmentCreate() {
  return (
    <Create transform={toRequest} redirect="list">
      <SimpleForm>
        <NumberInput source="user_id" label="Player id" validate={required()} />
        <TextInput source="currency" defaultValue="EUR" validate={required()} />
        <SelectInput
          source="direction"
          choices={choices(['credit', 'debit'])}
          defaultValue="credit"
          validate={required()}
        />
        <NumberInput source="amount" label="Amount (units)" validate={required()} />
        <SelectInput source="category" choices={choices(ADJUSTMENT_CATEGORIES)} validate={required()} />
        <TextInput source="reason" multiline fullWidth validate={required()} />
      </SimpleForm>
    </Create>
  );
}

export const adjustments = {
  name: 'adjustments',
  list: AdjustmentList,
  create: AdjustmentCreate,
  options: { label: 'Adjustments' },
};
