/**
 * How bets earn comp points (docs/loyalty.md "Comp points"): one rule per currency (`*` for every
 * currency without its own), the stake in minor units that earns a point on slots and the percent
 * each game category counts. Listed, changed, and a currency given its own rule.
 */
import {
  ArrayInput,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { backofficeAccrualRuleUpdateRequestSchema, type BackofficeAccrualRule } from '@orbit/contracts';
import { api } from '../api';
import { ContractCreate, ContractEdit } from './shared';

type Share = { category: string; percent: number };
type RuleForm = { currency?: string; cents_per_point: number; contributions: Share[] };

const toForm = (rule: BackofficeAccrualRule): RuleForm => ({
  currency: rule.currency,
  cents_per_point: rule.cents_per_point,
  contributions: Object.entries(rule.contributions).map(([category, percent]) => ({ category, percent })),
});

const toBody = (values: Record<string, unknown>) => {
  const v = values as Partial<RuleForm>;
  return {
    cents_per_point: Number(v.cents_per_point),
    contributions: Object.fromEntries((v.contributions ?? []).map((s) => [s.category, Number(s.percent)])),
  };
};

const shares = (rule: BackofficeAccrualRule) =>
  Object.entries(rule.contributions)
    .map(([category, percent]) => `${category} ${percent} %`)
    .join(', ');

export function AccrualList() {
  return (
    <List exporter={false} perPage={50} title="Comp point accrual">
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <FunctionField
          label="Currency"
          render={(r: BackofficeAccrualRule) => (r.currency === '*' ? '* (default)' : r.currency)}
        />
        <TextField source="cents_per_point" label="Stake for a point (minor units)" sortable={false} />
        <FunctionField label="Categories counted" render={shares} />
      </Datagrid>
    </List>
  );
}

function RuleFields() {
  return (
    <>
      <NumberInput
        source="cents_per_point"
        label="Stake for one point (minor units)"
        helperText="1000 in EUR: a point per 10 EUR staked on slots"
        min={1}
        step={1}
        validate={required()}
      />
      <ArrayInput source="contributions" label="Percent of a bet counted, per game category (other: the rest)">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="category" validate={required()} />
          <NumberInput source="percent" min={0} max={1000} step={1} validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

export function AccrualEdit() {
  return (
    <ContractEdit<BackofficeAccrualRule, unknown>
      title="Accrual rule"
      toForm={toForm}
      save={(rule) => ({
        schema: backofficeAccrualRuleUpdateRequestSchema,
        toBody,
        send: (body) => api('PUT', `/comp_point_accrual_rules/${encodeURIComponent(rule.id)}`, body),
        saved: `The ${rule.currency} rule saved`,
        resource: 'comp_point_accrual_rules',
      })}
    >
      <TextField source="currency" />
      <RuleFields />
    </ContractEdit>
  );
}

/** A currency's own rule (one that has a rule already is changed from the list). */
export function AccrualCreate() {
  return (
    <ContractCreate
      title="A currency’s own accrual rule"
      save={{
        schema: backofficeAccrualRuleUpdateRequestSchema,
        toBody,
        send: (body, values) =>
          api(
            'PUT',
            `/comp_point_accrual_rules/${encodeURIComponent(String(values.currency ?? '').toUpperCase())}`,
            body,
          ),
        saved: 'Rule saved',
        resource: 'comp_point_accrual_rules',
      }}
      defaultValues={{ cents_per_point: 1000, contributions: [{ category: 'slots', percent: 100 }] }}
    >
      <TextInput source="currency" validate={required()} helperText="Its code, as EUR" />
      <RuleFields />
    </ContractCreate>
  );
}

export const accrualRules = {
  name: 'comp_point_accrual_rules',
  list: AccrualList,
  edit: AccrualEdit,
  create: AccrualCreate,
  options: { label: 'Point accrual' },
};
