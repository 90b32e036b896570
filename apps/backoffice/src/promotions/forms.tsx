/**
 * The tournament's and the lottery's forms. The form holds what an operator types (lists as
 * "EUR, USD", times in the browser's zone); `tournamentRequest` and `lotteryRequest` make the body
 * the server's contract takes (the operator API's own, so both doors accept the same promotions),
 * `tournamentForm` the other way round for an edit. Money is in minor units (5000 = 50.00).
 */
import {
  ArrayInput,
  BooleanInput,
  DateTimeInput,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  type SimpleFormProps,
} from 'react-admin';
import { Typography } from '@mui/material';
import { TOURNAMENT_STRATEGIES, type BackofficeTournament, type OperatorPrize } from '@orbit/contracts';

const STRATEGY_NAMES: Record<(typeof TOURNAMENT_STRATEGIES)[number], string> = {
  bet_sum: 'Sum of stakes',
  bet_count: 'Number of bets',
  win_rate: 'Best win over its stake',
  points: 'Points (stakes and wins)',
};
export const strategyChoices = TOURNAMENT_STRATEGIES.map((id) => ({ id, name: STRATEGY_NAMES[id] }));

type PrizeRow = Partial<Record<'award_place' | 'money_award_cents' | 'comp_points', number | null>> & {
  bonus_template?: string | null;
  freespins_template?: string | null;
};

export type TournamentFormValues = {
  title: string;
  description?: string;
  frontend_identifier: string;
  strategy: string;
  currencies?: string;
  currency?: string;
  game_categories?: string;
  providers?: string;
  group_ids?: string;
  user_confirmation_required?: boolean;
  start_at: string | Date;
  end_at: string | Date;
  prizes?: PrizeRow[];
  /** Kept as the tournament has them: not edited in this form. */
  translations?: Record<string, unknown>;
};

export type LotteryFormValues = {
  slug: string;
  title: string;
  description?: string;
  currency?: string;
  comp_points_ticket_price?: number | null;
  deposit_scale?: Array<{ currency?: string; from_amount_cents?: number | null; price_cents?: number | null }>;
  max_tickets_count_to_player?: number | null;
  group_ids?: string;
  start_at: string | Date;
  end_at: string | Date;
  prizes?: PrizeRow[];
};

const list = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);
const codes = (text: string | undefined) => list(text).map((c) => c.toUpperCase());
const numbers = (text: string | undefined) => list(text).map(Number);
const when = (value: string | Date) => new Date(value).toISOString();
const count = (value: number | null | undefined) => (value === undefined || value === null ? 0 : Number(value));
const key = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** The prize rows as the contract takes them (an empty row is left out). */
function prizeTable(rows: PrizeRow[] | undefined): OperatorPrize[] {
  return (rows ?? [])
    .filter((row) => row && row.award_place !== undefined && row.award_place !== null)
    .map((row) => ({
      award_place: Number(row.award_place),
      money_award_cents: count(row.money_award_cents),
      bonus_template: key(row.bonus_template),
      freespins_template: key(row.freespins_template),
      comp_points: count(row.comp_points),
    }));
}

export function tournamentRequest(values: TournamentFormValues): Record<string, unknown> {
  const currencies = codes(values.currencies);
  return {
    title: values.title,
    description: values.description ?? '',
    ...(values.translations ? { translations: values.translations } : {}),
    frontend_identifier: (values.frontend_identifier ?? '').trim(),
    strategy: values.strategy,
    currencies,
    currency: (values.currency ?? '').trim().toUpperCase() || currencies[0] || '',
    game_categories: list(values.game_categories),
    providers: list(values.providers),
    group_ids: numbers(values.group_ids),
    user_confirmation_required: Boolean(values.user_confirmation_required),
    start_at: when(values.start_at),
    end_at: when(values.end_at),
    prizes: prizeTable(values.prizes),
  };
}

export function tournamentForm(t: BackofficeTournament): TournamentFormValues & { id: number } {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    frontend_identifier: t.frontend_identifier,
    strategy: t.strategy,
    currencies: t.currencies.join(', '),
    currency: t.currency,
    game_categories: t.game_categories.join(', '),
    providers: t.providers.join(', '),
    group_ids: t.group_ids.join(', '),
    user_confirmation_required: t.user_confirmation_required,
    start_at: t.start_at,
    end_at: t.end_at,
    prizes: t.prize_table,
    translations: t.translations,
  };
}

export function lotteryRequest(values: LotteryFormValues): Record<string, unknown> {
  const scale: Record<string, Array<{ from_amount_cents: number; price_cents: number }>> = {};
  for (const row of values.deposit_scale ?? []) {
    const currency = (row?.currency ?? '').trim().toUpperCase();
    if (!currency) continue;
    (scale[currency] ??= []).push({
      from_amount_cents: count(row.from_amount_cents),
      price_cents: count(row.price_cents),
    });
  }
  return {
    slug: (values.slug ?? '').trim(),
    title: values.title,
    description: values.description ?? '',
    currency: (values.currency ?? '').trim().toUpperCase(),
    comp_points_ticket_price: count(values.comp_points_ticket_price),
    deposit_scale_rules: scale,
    max_tickets_count_to_player: count(values.max_tickets_count_to_player),
    group_ids: numbers(values.group_ids),
    start_at: when(values.start_at),
    end_at: when(values.end_at),
    prizes: prizeTable(values.prizes),
  };
}

/** A new promotion starts now (running at once) and runs a week, unless the operator says otherwise. */
export function defaultWindow() {
  const start = new Date();
  start.setSeconds(0, 0);
  return { start_at: start.toISOString(), end_at: new Date(start.getTime() + 7 * 86_400_000).toISOString() };
}

function PrizeInputs() {
  return (
    <>
      <Typography variant="subtitle1">Prize table (bonus amounts in minor units of the prize currency)</Typography>
      <ArrayInput source="prizes" label={false}>
        <SimpleFormIterator inline>
          <NumberInput source="award_place" label="Place" validate={required()} sx={{ width: 90 }} />
          <NumberInput source="money_award_cents" label="Bonus amount" sx={{ width: 140 }} />
          <TextInput source="bonus_template" label="Bonus template" helperText="e.g. promo-prize" sx={{ width: 170 }} />
          <TextInput
            source="freespins_template"
            label="Free-spin template"
            helperText="e.g. stellar-spins"
            sx={{ width: 170 }}
          />
          <NumberInput source="comp_points" label="Comp points" sx={{ width: 130 }} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

export function TournamentForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm {...props}>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" label="Rules" multiline fullWidth />
      <TextInput
        source="frontend_identifier"
        label="Identifier"
        helperText="tournament--<slug>, quest--<size>--<slug> or achievement--<size>--<slug>"
        validate={required()}
        fullWidth
      />
      <TournamentRules />
    </SimpleForm>
  );
}

/**
 * What a tournament and a quest both hold after their names: the strategy, the currencies, the
 * games, the groups, the schedule and the prize table (the quest's form adds its kind and size).
 */
export function TournamentRules() {
  return (
    <>
      <SelectInput source="strategy" choices={strategyChoices} validate={required()} />
      <TextInput source="currencies" label="Currencies counted" helperText="e.g. EUR, USD" validate={required()} />
      <TextInput source="currency" label="Prize currency" helperText="One of the currencies counted" />
      <TextInput source="game_categories" label="Game categories" helperText="Comma separated; empty: all" />
      <TextInput source="providers" label="Providers" helperText="Comma separated; empty: all" />
      <TextInput source="group_ids" label="Player groups" helperText="Group ids; empty: everyone" />
      <BooleanInput source="user_confirmation_required" label="Players must join" />
      <DateTimeInput source="start_at" label="Starts" validate={required()} />
      <DateTimeInput source="end_at" label="Ends" validate={required()} />
      <PrizeInputs />
    </>
  );
}

export function LotteryForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm {...props}>
      <TextInput source="slug" helperText="a-z, 0-9 and -; the page is /lottery/<slug>" validate={required()} />
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" multiline fullWidth />
      <TextInput source="currency" label="Prize currency" validate={required()} />
      <NumberInput source="comp_points_ticket_price" label="Ticket price in comp points" helperText="0: not sold" />
      <Typography variant="subtitle1">Tickets from deposits (minor units)</Typography>
      <ArrayInput source="deposit_scale" label={false}>
        <SimpleFormIterator inline>
          <TextInput source="currency" validate={required()} sx={{ width: 110 }} />
          <NumberInput source="from_amount_cents" label="From a deposit of" sx={{ width: 170 }} />
          <NumberInput source="price_cents" label="A ticket per" sx={{ width: 150 }} />
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput source="max_tickets_count_to_player" label="Tickets per player at most" validate={required()} />
      <TextInput source="group_ids" label="Player groups" helperText="Group ids; empty: everyone" />
      <DateTimeInput source="start_at" label="Starts" validate={required()} />
      <DateTimeInput source="end_at" label="Ends (the draw)" validate={required()} />
      <PrizeInputs />
    </SimpleForm>
  );
}
