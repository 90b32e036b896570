/**
 * A bonus template's form, for a new template and an existing one. The form holds what an
 * operator types (lists as "1, 2", the terms as one row per currency); `toRequest` makes the body
 * the server's contract takes (the operator API's own), `toForm` the other way round. Money is in
 * minor units of the currency (20000 = 200.00 EUR), as the templates keep it.
 */
import {
  ArrayInput,
  BooleanField,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  required,
  type SimpleFormProps,
} from 'react-admin';
import { Typography } from '@mui/material';
import { BONUS_KINDS, type BackofficeBonusTemplate, type BonusTemplateMoney } from '@orbit/contracts';

export const kindChoices = BONUS_KINDS.map((kind) => ({ id: kind, name: kind }));

/** The per-currency terms, in the order the form shows them. */
const MONEY_FIELDS = [
  ['amount_cents', 'Amount'],
  ['max_amount_cents', 'Max bonus (deposit)'],
  ['min_deposit_cents', 'Min deposit'],
  ['max_bet_cents', 'Max bet'],
  ['max_win_cents', 'Max win'],
  ['bet_level_cents', 'Spin stake (free spins)'],
] as const satisfies ReadonlyArray<readonly [keyof BonusTemplateMoney, string]>;

type TermsRow = { currency: string } & Partial<Record<keyof BonusTemplateMoney, number | null>>;

export type TemplateFormValues = {
  key?: string;
  kind: string;
  title: string;
  description?: string;
  code?: string | null;
  percent?: number | null;
  deposit_numbers?: string;
  terms: TermsRow[];
  wager_multiplier?: number | null;
  games?: string;
  freespins_count?: number | null;
  activation_days?: number | null;
  wagering_days?: number | null;
  group_ids?: string;
  starts_at?: string | Date | null;
  ends_at?: string | Date | null;
  /** Kept as the template has them: not edited in this form. */
  translations?: Record<string, unknown>;
  contributions?: Record<string, number>;
};

const list = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
const numbers = (text: string | undefined) => list(text).map(Number);
const orNull = (value: number | null | undefined) => (value === undefined || value === null ? null : value);
const when = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/** The form's values as the server's contract takes them (left-out numbers take the contract's defaults). */
export function toRequest(values: TemplateFormValues): Record<string, unknown> {
  const money: Record<string, BonusTemplateMoney> = {};
  for (const row of values.terms ?? []) {
    if (!row?.currency) continue;
    const terms: BonusTemplateMoney = {};
    for (const [field] of MONEY_FIELDS) {
      const value = row[field];
      if (value !== undefined && value !== null && !Number.isNaN(value)) terms[field] = Number(value);
    }
    money[row.currency.trim().toUpperCase()] = terms;
  }
  const optional = (name: string, value: number | null | undefined) =>
    value === undefined || value === null ? {} : { [name]: value };
  const deposits = numbers(values.deposit_numbers);
  const games = list(values.games);
  return {
    ...(values.key !== undefined ? { key: values.key.trim() } : {}),
    kind: values.kind,
    title: values.title,
    description: values.description ?? '',
    ...(values.translations ? { translations: values.translations } : {}),
    code: values.code ? values.code.trim() : null,
    percent: orNull(values.percent),
    deposit_numbers: deposits.length ? deposits : null,
    money,
    ...optional('wager_multiplier', values.wager_multiplier),
    ...(values.contributions ? { contributions: values.contributions } : {}),
    games: games.length ? games : null,
    freespins_count: orNull(values.freespins_count),
    ...optional('activation_days', values.activation_days),
    ...optional('wagering_days', values.wagering_days),
    group_ids: numbers(values.group_ids),
    starts_at: when(values.starts_at),
    ends_at: when(values.ends_at),
  };
}

/** A template as the form holds it. */
export function toForm(template: BackofficeBonusTemplate): TemplateFormValues & { id: number } {
  return {
    id: template.id,
    key: template.key,
    kind: template.kind,
    title: template.title,
    description: template.description,
    code: template.code,
    percent: template.percent,
    deposit_numbers: (template.deposit_numbers ?? []).join(', '),
    terms: Object.entries(template.money).map(([currency, terms]) => ({ currency, ...terms })),
    wager_multiplier: template.wager_multiplier,
    games: (template.games ?? []).join(', '),
    freespins_count: template.freespins_count,
    activation_days: template.activation_days,
    wagering_days: template.wagering_days,
    group_ids: template.group_ids.join(', '),
    starts_at: template.starts_at,
    ends_at: template.ends_at,
    translations: template.translations,
    contributions: template.contributions,
  };
}

/** The fields; `existing`: the key names the template for good and is shown, not typed. */
export function TemplateForm({ existing, ...props }: { existing?: boolean } & Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm {...props}>
      {existing ? (
        <>
          <TextField source="key" />
          <BooleanField source="enabled" />
        </>
      ) : (
        <TextInput source="key" helperText="a-z, 0-9 and -, for good" validate={required()} />
      )}
      <SelectInput source="kind" choices={kindChoices} validate={required()} />
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" multiline fullWidth />
      <TextInput source="code" label="Promo code / coupon" helperText="Players type it in any case" />
      <FormDataConsumer<TemplateFormValues>>
        {({ formData }) =>
          formData.kind === 'deposit' ? (
            <>
              <NumberInput source="percent" label="Percent of the deposit" />
              <TextInput source="deposit_numbers" label="For deposits" helperText="1 = the first; e.g. 2, 3" />
            </>
          ) : formData.kind === 'freespins' ? (
            <NumberInput source="freespins_count" label="Number of spins" />
          ) : null
        }
      </FormDataConsumer>
      <Typography variant="subtitle1">Terms per currency (minor units: 20000 = 200.00)</Typography>
      <ArrayInput source="terms" label={false}>
        <SimpleFormIterator inline>
          <TextInput source="currency" validate={required()} sx={{ width: 110 }} />
          {MONEY_FIELDS.map(([field, label]) => (
            <NumberInput key={field} source={field} label={label} sx={{ width: 160 }} />
          ))}
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput source="wager_multiplier" label="Wager multiplier (x)" helperText="35 when left empty" />
      <TextInput source="games" label="Games" helperText="provider/game, comma separated; empty: all" fullWidth />
      <NumberInput source="activation_days" label="Days to activate" helperText="7 when left empty" />
      <NumberInput source="wagering_days" label="Days to wager" helperText="30 when left empty" />
      <TextInput source="group_ids" label="Player groups" helperText="Group ids; empty: everyone" />
      <DateTimeInput source="starts_at" label="Starts" />
      <DateTimeInput source="ends_at" label="Ends (expiry)" />
    </SimpleForm>
  );
}
