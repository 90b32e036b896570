/**
 * Quests and achievements (docs/backoffice.md "Quests and the wheel"): tournaments whose
 * identifier is `<kind>--<size>--<slug>`, with screens of their own. The list, a new one (running
 * now by default) with its size chosen from the known sizes and the level table that size gives,
 * a change of schedule and prizes while it has not started, and the show page with the level
 * table, the prize table, the players with their level and "End now" (the tournaments' own).
 * The form is the tournament's (forms.tsx) with the kind, size and slug in place of the identifier.
 */
import { useEffect, useState } from 'react';
import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  Create,
  Datagrid,
  DateField,
  Edit,
  EditButton,
  FormDataConsumer,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  required,
  useRecordContext,
  type SimpleFormProps,
} from 'react-admin';
import {
  backofficeQuestRequestSchema,
  issuesToErrors,
  QUEST_SIZES,
  type BackofficeQuest,
  type BackofficeQuestLevels,
  type QuestSize,
  type Tournament,
} from '@orbit/contracts';
import { api } from '../api';
import { defaultWindow, TournamentRules, tournamentForm, tournamentRequest, type TournamentFormValues } from './forms';
import { EndNowButton, money, PrizeTable, statusChoices, useSaveAgain } from './tournaments';

type QuestFormValues = Omit<TournamentFormValues, 'frontend_identifier'> & {
  kind: string;
  size: string;
  slug: string;
};

const kindChoices = [
  { id: 'quest', name: 'Quest' },
  { id: 'achievement', name: 'Achievement' },
];
const sizeChoices = QUEST_SIZES.map((id) => ({ id, name: id }));

/** The body the server's contract takes: the tournament's, with the identifier's parts instead of it. */
function questRequest({ kind, size, slug, ...values }: QuestFormValues): Record<string, unknown> {
  const { frontend_identifier: _identifier, ...body } = tournamentRequest({ ...values, frontend_identifier: '' });
  return { kind, size, slug: (slug ?? '').trim(), ...body };
}

/** The contract's own check before a save: its codes under the form's inputs (the prize rows' are the server's). */
function validateQuest(values: QuestFormValues): Record<string, string> {
  const checked = backofficeQuestRequestSchema.safeParse(questRequest(values));
  if (checked.success) return {};
  return Object.fromEntries(
    Object.entries(issuesToErrors(checked.error.issues))
      .filter(([field]) => !field.includes('.'))
      .map(([field, codes]) => [field, codes.join(', ')]),
  );
}

/** Each size's level table, read once from the server (the casino's own thresholds). */
let levelsRead: Promise<BackofficeQuestLevels> | undefined;
function useQuestLevels(): BackofficeQuestLevels['sizes'] {
  const [sizes, setSizes] = useState<BackofficeQuestLevels['sizes']>([]);
  useEffect(() => {
    levelsRead ??= api<BackofficeQuestLevels>('GET', '/quest-levels');
    levelsRead.then((levels) => setSizes(levels.sizes)).catch(() => (levelsRead = undefined));
  }, []);
  return sizes;
}

const eur = (value: number) => `${value.toLocaleString('en-GB')} EUR`;

/** The levels a size gives: level n is reached with that much staked (EUR). */
export function LevelTable({ thresholds, size }: { thresholds: readonly number[]; size: string }) {
  return (
    <Stack spacing={1} sx={{ my: 1 }}>
      <Typography variant="subtitle1">{`Levels of size ${size} · ${thresholds.length} levels`}</Typography>
      <Table size="small" aria-label="Levels" sx={{ maxWidth: 420 }}>
        <TableHead>
          <TableRow>
            <TableCell>Level</TableCell>
            <TableCell>Bets from</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {thresholds.map((threshold, i) => (
            <TableRow key={i}>
              <TableCell>{i + 1}</TableCell>
              <TableCell>{eur(threshold)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

/** The chosen size's level table under the size input, as the form's size changes. */
function ChosenLevels() {
  const sizes = useQuestLevels();
  return (
    <FormDataConsumer<{ size?: QuestSize }>>
      {({ formData }) => {
        const thresholds = sizes.find((s) => s.size === formData.size)?.thresholds_eur;
        return formData.size && thresholds ? <LevelTable size={formData.size} thresholds={thresholds} /> : null;
      }}
    </FormDataConsumer>
  );
}

function QuestForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm validate={validateQuest as never} {...props}>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" label="Rules" multiline fullWidth />
      <SelectInput source="kind" choices={kindChoices} validate={required()} />
      <TextInput source="slug" helperText="a-z, 0-9 and single hyphens: the page's address" validate={required()} />
      <SelectInput source="size" choices={sizeChoices} validate={required()} helperText="The level table it takes" />
      <ChosenLevels />
      <TournamentRules />
    </SimpleForm>
  );
}

const filters = [
  <SearchInput key="q" source="q" placeholder="Title or identifier" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn emptyText="Any status" />,
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn emptyText="Quests and achievements" />,
];

export function QuestList() {
  return (
    <List filters={filters} perPage={25} title="Quests and achievements" sort={{ field: 'id', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="id" sortable={false} />
        <TextField source="title" sortable={false} />
        <TextField source="kind" sortable={false} />
        <TextField source="questSize" label="Size" sortable={false} />
        <TextField source="status" sortable={false} />
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

export function QuestCreate() {
  return (
    <Create transform={(values: QuestFormValues) => questRequest(values)} redirect="show" title="New quest">
      <QuestForm
        defaultValues={{
          kind: 'quest',
          size: 'xs',
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

function EditForm() {
  const quest = useRecordContext<BackofficeQuest>();
  const save = useSaveAgain('quests', 'Quest');
  if (!quest) return null;
  const { frontend_identifier: _identifier, ...values } = tournamentForm(quest);
  return (
    <QuestForm
      record={{ ...values, kind: quest.kind, size: quest.size, slug: quest.slug }}
      onSubmit={(form: Record<string, unknown>) => save(questRequest(form as QuestFormValues))}
    />
  );
}

/** The schedule (and the rest) changed while the quest has not started. */
export function QuestEdit() {
  return (
    <Edit mutationMode="pessimistic" title="Schedule the quest" actions={false}>
      <EditForm />
    </Edit>
  );
}

function ShowActions() {
  const quest = useRecordContext<BackofficeQuest>();
  return (
    <TopToolbar>
      {quest?.status === 'future' ? <EditButton label="Schedule" /> : null}
      <EndNowButton path="quests" />
    </TopToolbar>
  );
}

function QuestLevels() {
  const quest = useRecordContext<BackofficeQuest>();
  return quest ? <LevelTable size={quest.size} thresholds={quest.thresholds_eur} /> : null;
}

/** The players with bets and the level those bets reach (the casino's quest page shows each player theirs). */
function Standing() {
  const quest = useRecordContext<BackofficeQuest>();
  if (!quest) return null;
  const paid = new Map(quest.payouts.map((p) => [p.player_id, p.outcome]));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1">
        {`${quest.finished_at ? 'Final standing' : 'Live standing'} · ${quest.players_count} ${quest.players_count === 1 ? 'player' : 'players'}`}
      </Typography>
      {quest.standing.length === 0 ? (
        <Typography variant="body2">Nobody has bet yet.</Typography>
      ) : (
        <Table size="small" aria-label="Standing" data-testid="bo-quest-standing">
          <TableHead>
            <TableRow>
              <TableCell>Player</TableCell>
              <TableCell>Name shown</TableCell>
              <TableCell>Staked</TableCell>
              <TableCell>Level</TableCell>
              <TableCell>Prize</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {quest.standing.map((row) => (
              <TableRow key={row.player_id}>
                <TableCell>{`#${row.player_id}`}</TableCell>
                <TableCell>{row.nickname}</TableCell>
                <TableCell>{money(row.bet_cents, quest.currency)}</TableCell>
                <TableCell>{`Level ${row.level} of ${row.levels_count}`}</TableCell>
                <TableCell>{paid.get(row.player_id) ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

export function QuestShow() {
  return (
    <Show actions={<ShowActions />} title="Quest">
      <SimpleShowLayout>
        <TextField source="title" />
        <TextField source="kind" />
        <TextField source="size" />
        <TextField source="frontend_identifier" label="Identifier" />
        <TextField source="status" />
        <DateField source="start_at" label="Starts" showTime />
        <DateField source="end_at" label="Ends" showTime />
        <DateField source="finished_at" label="Finished" showTime emptyText="—" />
        <QuestLevels />
        <PrizeTable />
        <Standing />
      </SimpleShowLayout>
    </Show>
  );
}

export const quests = {
  name: 'quests',
  list: QuestList,
  create: QuestCreate,
  edit: QuestEdit,
  show: QuestShow,
  options: { label: 'Quests' },
};
