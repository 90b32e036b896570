/**
 * The adventure calendar (docs/loyalty.md "Adventure calendar"): the CMS's `vip-adventures`
 * config, shown as the calendar it makes (each day's smallest deposit, bets and gift) and edited
 * as a form. A save is a new version of the config through the CMS's write path (its versions are
 * on the fe config's page under Content); a colleague's save in between answers a conflict and
 * the page offers to reload. Amounts are minor units per currency, typed "EUR 2000, USD 2000".
 */
import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Title,
  required,
} from 'react-admin';
import {
  backofficeAdventuresRequestSchema,
  type BackofficeAdventure,
  type BackofficeAdventures,
} from '@orbit/contracts';
import { api, ApiError } from '../api';
import { listOf, numbersOf, useContractSave } from './shared';

type Amounts = Record<string, number>;
/** {EUR: 2000, USD: 2000} → "EUR 2000, USD 2000". */
const amountsText = (amounts: Amounts | undefined) =>
  Object.entries(amounts ?? {})
    .map(([currency, cents]) => `${currency} ${cents}`)
    .join(', ');
/** "EUR 2000, USD 2000" → {EUR: 2000, USD: 2000}; a number that is not one stays text, for the contract to refuse. */
function amountsOf(text: unknown): Record<string, unknown> {
  const words = listOf(text);
  const out: Record<string, unknown> = {};
  for (let i = 0; i < words.length; i += 2) {
    const value = words[i + 1] ?? '';
    out[words[i]!.toUpperCase()] = /^\d+$/.test(value) ? Number(value) : value;
  }
  return out;
}

type Prize = Record<string, unknown> & { amount_cents?: unknown };
type Day = { prize: Prize; condition: Record<string, unknown> };
type AdventureForm = Record<string, unknown> & { days?: Day[]; super_prize?: Prize | null; group_ids?: unknown };

const prizeToForm = (p: Prize | null | undefined) =>
  p ? { ...p, amount_cents: amountsText(p.amount_cents as Amounts) } : null;
const prizeToBody = (p: Prize | null | undefined) => {
  if (!p || !p.title) return null;
  const amounts = amountsOf(p.amount_cents);
  const { amount_cents: _text, ...rest } = p;
  return { ...rest, ...(Object.keys(amounts).length ? { amount_cents: amounts } : {}) };
};

function toForm(calendar: BackofficeAdventures) {
  return {
    enabled: calendar.enabled,
    adventures: (calendar.adventures as AdventureForm[]).map((a) => ({
      ...a,
      start_date: a.start_date ?? '',
      group_ids: ((a.group_ids as number[] | undefined) ?? []).join(', '),
      days: (a.days ?? []).map((d) => ({
        prize: prizeToForm(d.prize),
        condition: {
          ...d.condition,
          minDep: amountsText(d.condition.minDep as Amounts),
          wager: amountsText(d.condition.wager as Amounts),
        },
      })),
      super_prize: prizeToForm(a.super_prize),
    })),
  };
}

const toBody = (version: number) => (values: Record<string, unknown>) => ({
  base_version: version,
  enabled: Boolean(values.enabled),
  adventures: ((values.adventures as AdventureForm[] | undefined) ?? []).map((a) => ({
    ...a,
    start_date: a.start_date ? a.start_date : null,
    group_ids: numbersOf(a.group_ids),
    days: (a.days ?? []).map((d) => ({
      prize: prizeToBody(d.prize),
      condition: {
        ...d.condition,
        minDep: amountsOf(d.condition?.minDep),
        wager: amountsOf(d.condition?.wager),
        periodActivationDays: Number(d.condition?.periodActivationDays),
      },
    })),
    super_prize: prizeToBody(a.super_prize),
  })),
});

/** The calendar as players meet it: each day's conditions and gift. */
function CalendarTable({ adventure }: { adventure: BackofficeAdventure }) {
  const rows = [
    ...adventure.days.map((d, i) => ({ label: `Day ${i + 1}`, ...d })),
    ...(adventure.super_prize ? [{ label: 'Super prize', prize: adventure.super_prize, condition: null }] : []),
  ];
  return (
    <Table size="small" aria-label={`Calendar of ${adventure.name}`}>
      <TableHead>
        <TableRow>
          <TableCell>Day</TableCell>
          <TableCell>Smallest deposit</TableCell>
          <TableCell>Bets</TableCell>
          <TableCell>Gift</TableCell>
          <TableCell>Template</TableCell>
          <TableCell>Days to activate</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label}>
            <TableCell>{row.label}</TableCell>
            <TableCell>{row.condition ? amountsText(row.condition.minDep) : 'every day completed'}</TableCell>
            <TableCell>{row.condition ? amountsText(row.condition.wager) || '—' : ''}</TableCell>
            <TableCell>{`${row.prize.title} (${row.prize.type}${row.prize.amount_cents ? `: ${amountsText(row.prize.amount_cents)}` : ''})`}</TableCell>
            <TableCell>{row.prize.template_key}</TableCell>
            <TableCell>{row.condition?.periodActivationDays ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PrizeInputs({ source }: { source: string }) {
  return (
    <>
      <SelectInput
        source={`${source}.type`}
        label="Gift"
        choices={[
          { id: 'bonus', name: 'Bonus' },
          { id: 'freespin', name: 'Free spins' },
        ]}
      />
      <TextInput source={`${source}.title`} label="Gift title" />
      <TextInput source={`${source}.template_key`} label="Template key" />
      <TextInput source={`${source}.amount_cents`} label="Amounts (minor units)" helperText="EUR 500, USD 500" />
    </>
  );
}

function CalendarForm({
  calendar,
  onSaved,
  onConflict,
}: {
  calendar: BackofficeAdventures;
  onSaved: () => void;
  onConflict: () => void;
}) {
  const save = useContractSave({
    schema: backofficeAdventuresRequestSchema,
    toBody: toBody(calendar.version),
    send: (body) =>
      api('PUT', '/adventures', body).then(onSaved, (error: unknown) => {
        if (error instanceof ApiError && error.status === 409) onConflict();
        throw error;
      }),
    saved: 'Adventure calendar saved',
    // An amount's error (`…minDep.EUR`) belongs to the line the amounts are typed in.
    fieldOf: (path) => path.replace(/\.(minDep|wager|amount_cents)\..*$/, '.$1'),
  });
  return (
    <SimpleForm record={toForm(calendar)} onSubmit={save}>
      <BooleanInput source="enabled" label="The calendar is on" />
      <ArrayInput source="adventures" label="Adventures (a player gets the first whose groups they are in)">
        <SimpleFormIterator disableReordering>
          <TextInput source="identifier" validate={required()} />
          <TextInput source="name" validate={required()} />
          <TextInput source="start_date" label="First day (YYYY-MM-DD; empty: every Monday)" />
          <TextInput source="group_ids" label="Player groups (ids; empty: everyone)" />
          <ArrayInput source="days">
            <SimpleFormIterator inline disableReordering>
              <PrizeInputs source="prize" />
              <TextInput source="condition.minDep" label="Smallest deposit" helperText="EUR 2000" />
              <TextInput source="condition.wager" label="Bets" helperText="EUR 0" />
              <NumberInput source="condition.periodActivationDays" label="Days to activate" min={1} step={1} />
            </SimpleFormIterator>
          </ArrayInput>
          <Typography variant="subtitle2">Super prize (every day completed; no title: none)</Typography>
          <PrizeInputs source="super_prize" />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

export function AdventuresPage() {
  const [calendar, setCalendar] = useState<BackofficeAdventures | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api<BackofficeAdventures>('GET', '/adventures').then(
      (answer) => {
        setCalendar(answer);
        setError(null);
      },
      (e: unknown) => setError(e instanceof ApiError ? e.message : 'The calendar could not be read'),
    );
  }, []);
  useEffect(load, [load]);
  return (
    <Card>
      <Title title="Adventure calendar" />
      <CardContent>
        {error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={load}>
                Reload
              </Button>
            }
          >
            {error}
          </Alert>
        ) : null}
        {calendar ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {`Version ${calendar.version}${calendar.updated_at ? `, saved ${new Date(calendar.updated_at).toLocaleString()}` : ' (the built-in default)'} · ${calendar.enabled ? 'On' : 'Off'}`}
            </Typography>
            {calendar.adventures.map((a) => {
              const adventure = a as unknown as BackofficeAdventure;
              return (
                <div key={adventure.identifier}>
                  <Typography variant="h6" sx={{ mt: 2 }}>
                    {`${adventure.name} (${adventure.start_date ?? 'weekly, from Monday'})`}
                  </Typography>
                  <CalendarTable adventure={adventure} />
                </div>
              );
            })}
            <Typography variant="h6" sx={{ mt: 3 }}>
              Change the calendar
            </Typography>
            <CalendarForm
              key={calendar.version}
              calendar={calendar}
              onSaved={load}
              onConflict={() =>
                setError('A colleague saved the calendar meanwhile: reload it to start from their version.')
              }
            />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

export const adventures = { name: 'adventures', list: AdventuresPage, options: { label: 'Adventure calendar' } };
