/**
 * Tournaments, quests and achievements (docs/backoffice.md "Promotions"): the list by status, a
 * new one (running now by default), a change while it has not started, and the show page with
 * the prize table, the live leaderboard (player ids beside the public names), the payouts, and
 * "End now" behind a confirmation: the end job's ranking and payout at once.
 */
import { useState } from 'react';
import { Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  Confirm,
  Create,
  Datagrid,
  DateField,
  Edit,
  EditButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
} from 'react-admin';
import type { BackofficeTournament, Tournament } from '@orbit/contracts';
import { api, ApiError } from '../api';
import {
  defaultWindow,
  strategyChoices,
  TournamentForm,
  tournamentForm,
  tournamentRequest,
  type TournamentFormValues,
} from './forms';

export const statusChoices = [
  { id: 'active', name: 'Active' },
  { id: 'future', name: 'Future' },
  { id: 'archive', name: 'Archive' },
];

const filters = [
  <SearchInput key="q" source="q" placeholder="Title or identifier" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn emptyText="Any status" />,
  <SelectInput
    key="kind"
    source="kind"
    choices={[
      { id: 'tournament', name: 'Tournaments' },
      { id: 'quest', name: 'Quests' },
      { id: 'achievement', name: 'Achievements' },
    ]}
    alwaysOn
    emptyText="All kinds"
  />,
];

/** Minor units as the amount in the currency (5000 EUR → "50.00 EUR"). */
export const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

const failure = (error: unknown) => (error instanceof Error ? error.message : 'The change failed');
/** The server's field codes under the form's fields (the notification says all). */
export const fieldErrors = (error: unknown) =>
  error instanceof ApiError
    ? Object.fromEntries(Object.entries(error.errors).map(([field, codes]) => [field, codes.join(', ')]))
    : undefined;

export function TournamentList() {
  return (
    <List filters={filters} perPage={25} title="Tournaments" sort={{ field: 'id', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="id" sortable={false} />
        <TextField source="title" sortable={false} />
        <TextField source="kind" sortable={false} />
        <TextField source="status" sortable={false} />
        <FunctionField
          label="Strategy"
          sortable={false}
          render={(t: Tournament) => strategyChoices.find((s) => s.id === t.strategy)?.name ?? t.strategy}
        />
        <DateField source="start_at" label="Starts" showTime sortable={false} />
        <DateField source="end_at" label="Ends" showTime sortable={false} />
        <FunctionField
          label="Budget"
          sortable={false}
          render={(t: Tournament) => money(t.money_budget_cents, t.currency)}
        />
      </Datagrid>
    </List>
  );
}

export function TournamentCreate() {
  return (
    <Create
      transform={(values: TournamentFormValues) => tournamentRequest(values)}
      redirect="show"
      title="New tournament"
    >
      <TournamentForm
        defaultValues={{
          strategy: 'bet_sum',
          currencies: 'EUR',
          currency: 'EUR',
          ...defaultWindow(),
          prizes: [{ award_place: 1 }],
        }}
      />
    </Create>
  );
}

/**
 * The whole promotion written again (PUT `/<resource>/<id>`), kept translations and all (refused
 * once it has started); back to its show page, or the server's field codes under the form's fields.
 */
export function useSaveAgain(resource: string, noun: string) {
  const record = useRecordContext<{ id: number }>();
  const notify = useNotify();
  const redirect = useRedirect();
  return async (body: Record<string, unknown>) => {
    try {
      await api('PUT', `/${resource}/${record?.id}`, body);
      notify(`${noun} saved`, { type: 'success' });
      redirect('show', resource, record?.id);
      return undefined;
    } catch (error) {
      notify(failure(error), { type: 'error' });
      return fieldErrors(error);
    }
  };
}

function EditForm() {
  const tournament = useRecordContext<BackofficeTournament>();
  const save = useSaveAgain('tournaments', 'Tournament');
  if (!tournament) return null;
  return (
    <TournamentForm
      record={tournamentForm(tournament)}
      onSubmit={(values: Record<string, unknown>) => save(tournamentRequest(values as TournamentFormValues))}
    />
  );
}

export function TournamentEdit() {
  return (
    <Edit mutationMode="pessimistic" title="Change the tournament" actions={false}>
      <EditForm />
    </Edit>
  );
}

/** Ends a running tournament (or quest: `path` "quests") now: ranked and paid as at its end, once (the server makes sure). */
export function EndNowButton({ path = 'tournaments' }: { path?: string }) {
  const tournament = useRecordContext<BackofficeTournament>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!tournament || tournament.status !== 'active' || tournament.finished_at) return null;
  const end = async () => {
    setBusy(true);
    try {
      await api('POST', `/${path}/${tournament.id}/end`);
      notify(`${tournament.title} has ended and its prizes are paid`, { type: 'success' });
    } catch (error) {
      notify(failure(error), { type: 'error' });
    }
    setBusy(false);
    setOpen(false);
    refresh();
  };
  return (
    <>
      <Button color="warning" variant="contained" onClick={() => setOpen(true)}>
        End now
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={`End ${tournament.title} now?`}
        content={`The ranked players (${tournament.players_count}) get their final places and the prize table is paid at once, as at the end. This cannot be undone.`}
        confirm="End and pay"
        onConfirm={end}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function ShowActions() {
  const tournament = useRecordContext<BackofficeTournament>();
  return (
    <TopToolbar>
      {tournament?.status === 'future' ? <EditButton /> : null}
      <EndNowButton />
    </TopToolbar>
  );
}

export function PrizeTable() {
  const t = useRecordContext<BackofficeTournament>();
  if (!t) return null;
  return (
    <Table size="small" aria-label="Prize table">
      <TableHead>
        <TableRow>
          <TableCell>Place</TableCell>
          <TableCell>Bonus</TableCell>
          <TableCell>Free spins</TableCell>
          <TableCell>Comp points</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {t.prize_table.map((p) => (
          <TableRow key={p.award_place}>
            <TableCell>{p.award_place}</TableCell>
            <TableCell>
              {p.money_award_cents ? `${money(p.money_award_cents, t.currency)} (${p.bonus_template})` : '—'}
            </TableCell>
            <TableCell>{p.freespins_template ?? '—'}</TableCell>
            <TableCell>{p.comp_points || '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The score as the strategy counts it: money for the sum of stakes, a ratio ×100 for the best win. */
const score = (t: BackofficeTournament, value: number) =>
  t.strategy === 'bet_sum'
    ? money(value, t.currency)
    : t.strategy === 'win_rate'
      ? `×${(value / 100).toFixed(2)}`
      : String(value);

function Leaderboard() {
  const t = useRecordContext<BackofficeTournament>();
  if (!t) return null;
  const paid = new Map(t.payouts.map((p) => [p.award_place, p]));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1">
        {`${t.finished_at ? 'Final leaderboard' : 'Live leaderboard'} · ${t.players_count} ${t.players_count === 1 ? 'player' : 'players'}`}
      </Typography>
      {t.leaderboard.length === 0 ? (
        <Typography variant="body2">Nobody has scored yet.</Typography>
      ) : (
        <Table size="small" aria-label="Leaderboard" data-testid="bo-leaderboard">
          <TableHead>
            <TableRow>
              <TableCell>Place</TableCell>
              <TableCell>Player</TableCell>
              <TableCell>Name shown</TableCell>
              <TableCell>Score</TableCell>
              <TableCell>Bets</TableCell>
              <TableCell>Staked</TableCell>
              <TableCell>Won</TableCell>
              <TableCell>Prize</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {t.leaderboard.map((row) => {
              const payout = paid.get(row.place);
              return (
                <TableRow key={row.player_id}>
                  <TableCell>{row.place}</TableCell>
                  <TableCell>{`#${row.player_id}`}</TableCell>
                  <TableCell>{row.nickname}</TableCell>
                  <TableCell>{score(t, row.score)}</TableCell>
                  <TableCell>{row.bets}</TableCell>
                  <TableCell>{money(row.bet_cents, t.currency)}</TableCell>
                  <TableCell>{money(row.win_cents, t.currency)}</TableCell>
                  <TableCell>{payout && payout.player_id === row.player_id ? payout.outcome : '—'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

export function TournamentShow() {
  return (
    <Show actions={<ShowActions />} title="Tournament">
      <SimpleShowLayout>
        <TextField source="title" />
        <TextField source="frontend_identifier" label="Identifier" />
        <TextField source="kind" />
        <TextField source="status" />
        <FunctionField
          label="Strategy"
          render={(t: Tournament) => strategyChoices.find((s) => s.id === t.strategy)?.name ?? t.strategy}
        />
        <FunctionField
          label="Currencies counted"
          render={(t: Tournament) => `${t.currencies.join(', ')} (prizes in ${t.currency})`}
        />
        <FunctionField
          label="Games"
          render={(t: Tournament) =>
            [t.game_categories.join(', '), t.providers.join(', ')].filter(Boolean).join(' · ') || 'All games'
          }
        />
        <DateField source="start_at" label="Starts" showTime />
        <DateField source="end_at" label="Ends" showTime />
        <DateField source="finished_at" label="Finished" showTime emptyText="—" />
        <PrizeTable />
        <Leaderboard />
      </SimpleShowLayout>
    </Show>
  );
}

export const tournaments = {
  name: 'tournaments',
  list: TournamentList,
  create: TournamentCreate,
  edit: TournamentEdit,
  show: TournamentShow,
  options: { label: 'Tournaments' },
};
