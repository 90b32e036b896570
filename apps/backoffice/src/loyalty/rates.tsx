/**
 * The comp-point shop's cards (docs/backoffice.md "Loyalty"): every card, on or off, with its
 * price; switched on and off from the list; created and changed in one form, checked with the
 * operator API's own contract. The casino's shop shows a change at its next read.
 */
import {
  ArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  Datagrid,
  FormDataConsumer,
  FunctionField,
  List,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import {
  backofficeCompPointRateCreateRequestSchema,
  backofficeCompPointRateUpdateRequestSchema,
  COMP_POINT_BADGES,
  COMP_POINT_REWARD_TYPES,
  COMP_POINT_TABS,
  type BackofficeCompPointRate,
} from '@orbit/contracts';
import { api } from '../api';
import { ActionButton, ContractCreate, ContractEdit, listOf } from './shared';

const choices = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));

/** The card's price as the shop asks it: points for each currency's amount, or one price. */
export function priceOf(card: BackofficeCompPointRate): string {
  if (card.type !== 'money') return card.points === null ? '—' : `${card.points} points`;
  return card.rates.map((r) => `${r.currency}: ${r.points} points → ${r.amount_cents / 100}`).join('; ');
}

function SwitchCard({ card }: { card: BackofficeCompPointRate }) {
  const verb = card.active ? 'disable' : 'enable';
  return (
    <ActionButton
      label={card.active ? 'Switch off' : 'Switch on'}
      color={card.active ? 'warning' : 'success'}
      call={() => api('POST', `/comp_point_rates/${card.id}/${verb}`)}
      done={`${card.title} switched ${card.active ? 'off' : 'on'}`}
    />
  );
}

export function RateList() {
  const filters = [
    <SelectInput key="type" source="type" choices={choices(COMP_POINT_REWARD_TYPES)} alwaysOn emptyText="All types" />,
    <SelectInput
      key="active"
      source="active"
      label="State"
      choices={[
        { id: 'true', name: 'On' },
        { id: 'false', name: 'Off' },
      ]}
      alwaysOn
      emptyText="All"
    />,
  ];
  return (
    <List filters={filters} exporter={false} perPage={50} title="Shop cards">
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="group" sortable={false} />
        <TextField source="title" sortable={false} />
        <TextField source="type" sortable={false} />
        <TextField source="tab" sortable={false} />
        <FunctionField label="Price" render={priceOf} />
        <TextField source="position" label="Place" sortable={false} />
        <FunctionField label="State" render={(c: BackofficeCompPointRate) => (c.active ? 'On' : 'Off')} />
        <FunctionField label="Actions" render={(c: BackofficeCompPointRate) => <SwitchCard card={c} />} />
      </Datagrid>
    </List>
  );
}

/** The form's values: the card as the contract has it, its games as one line. */
type RateForm = Omit<BackofficeCompPointRate, 'games'> & { games: string };

const toForm = (card: BackofficeCompPointRate): RateForm => ({ ...card, games: card.games.join(', ') });

/** The body of the contract (the translations are kept as stored: the form does not edit them). */
function toBody(values: Record<string, unknown>) {
  const v = values as Partial<RateForm>;
  const money = v.type === 'money';
  const orNull = <T,>(value: T | undefined | '') => (value === undefined || value === '' ? null : value);
  return {
    ...(v.group === undefined ? {} : { group: v.group }),
    type: v.type,
    title: v.title ?? '',
    rates: money ? (v.rates ?? []) : [],
    points: money ? null : orNull(v.points),
    wager: Number(v.wager ?? 0),
    template_key: orNull(v.template_key),
    freespins_count: orNull(v.freespins_count),
    games: listOf(v.games),
    tab: v.tab,
    badges: v.badges ?? [],
    image: orNull(v.image),
    description: orNull(v.description),
    translations: v.translations ?? {},
    position: Number(v.position ?? 0),
    active: v.active ?? true,
  };
}

function RateFields({ creating }: { creating: boolean }) {
  return (
    <>
      {creating ? (
        <TextInput source="group" helperText="Its name for good: a-z, 0-9, - and _" validate={required()} />
      ) : null}
      <SelectInput source="type" choices={choices(COMP_POINT_REWARD_TYPES)} validate={required()} />
      <TextInput source="title" validate={required()} fullWidth />
      <SelectInput source="tab" choices={choices(COMP_POINT_TABS)} validate={required()} />
      <FormDataConsumer>
        {({ formData }) =>
          formData.type === 'money' ? (
            <ArrayInput source="rates" label="Rates: points for an amount in minor units (500 = 5.00)">
              <SimpleFormIterator inline disableReordering>
                <TextInput source="currency" validate={required()} />
                <NumberInput source="points" min={1} step={1} validate={required()} />
                <NumberInput
                  source="amount_cents"
                  label="Amount (minor units)"
                  min={1}
                  step={1}
                  validate={required()}
                />
              </SimpleFormIterator>
            </ArrayInput>
          ) : (
            <NumberInput source="points" label="Price (points)" min={1} step={1} />
          )
        }
      </FormDataConsumer>
      <NumberInput source="wager" label="Wager (0: real money)" min={0} step={1} />
      <TextInput source="template_key" label="Bonus template key" helperText="A bonus card’s or free spins’ template" />
      <NumberInput source="freespins_count" label="Free spins" min={1} step={1} />
      <TextInput source="games" helperText="Game identifiers, comma-separated" fullWidth />
      <CheckboxGroupInput source="badges" choices={choices(COMP_POINT_BADGES)} />
      <TextInput source="image" fullWidth />
      <TextInput source="description" multiline fullWidth />
      <NumberInput source="position" label="Place (lowest first)" step={1} />
      <BooleanInput source="active" label="On in the shop" />
    </>
  );
}

export function RateEdit() {
  return (
    <ContractEdit<BackofficeCompPointRate, unknown>
      title="Shop card"
      toForm={toForm}
      save={(card) => ({
        schema: backofficeCompPointRateUpdateRequestSchema,
        toBody: (values) => {
          const { group: _group, ...body } = toBody(values);
          return body;
        },
        send: (body) => api('PUT', `/comp_point_rates/${card.id}`, body),
        saved: `${card.title} saved`,
        resource: 'comp_point_rates',
      })}
    >
      <RateFields creating={false} />
    </ContractEdit>
  );
}

export function RateCreate() {
  return (
    <ContractCreate
      title="New shop card"
      save={{
        schema: backofficeCompPointRateCreateRequestSchema,
        toBody,
        send: (body) => api('POST', '/comp_point_rates', body),
        saved: 'Card created',
        resource: 'comp_point_rates',
      }}
      defaultValues={{ type: 'money', tab: 'MONEY_REWARD', rates: [{ currency: 'EUR' }], wager: 0, active: true }}
    >
      <RateFields creating />
    </ContractCreate>
  );
}

export const compPointRates = {
  name: 'comp_point_rates',
  list: RateList,
  edit: RateEdit,
  create: RateCreate,
  options: { label: 'Shop cards' },
};
