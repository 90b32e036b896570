/**
 * The prize wheel (docs/backoffice.md "Quests and the wheel"): its tiers (the deposit per
 * currency that earns a spin, the prize scale, the box's label) and its segment sets per player
 * group (prize kind, amount or spins, wager, weight, title), each saved whole as a new version of
 * its fe config through `/api/backoffice/wheel`, checked first with the contract the server checks
 * with. Each part lists its versions with "Restore this version"; a preview shows a group's
 * segments as its players' wheel holds them, with each one's chance.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField as MuiTextField,
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
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Title,
  required,
  useNotify,
} from 'react-admin';
import {
  backofficeWheelSegmentsRequestSchema,
  backofficeWheelTiersRequestSchema,
  issuesToErrors,
  WHEEL_TIERS,
  type BackofficeWheel,
  type BackofficeWheelPart,
  type BackofficeWheelSegment,
  type BackofficeWheelTier,
  type ContentVersion,
} from '@orbit/contracts';
import { api } from '../api';
import { money } from './tournaments';

type DepositRow = { currency?: string; pay?: number | null; get?: number | null };
type TierRow = Omit<BackofficeWheelTier, 'deposit'> & { deposits?: DepositRow[] };
type SetRow = { group?: string; segments?: Array<Partial<BackofficeWheelSegment>> };

const tierChoices = WHEEL_TIERS.map((id) => ({ id, name: id }));
const typeChoices = [
  { id: 'bonus', name: 'Bonus money' },
  { id: 'freespins', name: 'Free spins' },
];
const num = (value: number | null | undefined) => (value === undefined || value === null ? 0 : Number(value));

// ---- the forms' values and the contract's bodies, both ways --------------------------------------

const tiersForm = (wheel: BackofficeWheel) => ({
  enabled: wheel.tiers.document.enabled,
  tiers: (wheel.tiers.document.tiers as BackofficeWheelTier[]).map(({ deposit, ...tier }) => ({
    ...tier,
    deposits: Object.entries(deposit ?? {}).map(([currency, d]) => ({ currency, ...d })),
  })),
});

const tiersBody = (values: { enabled?: boolean; tiers?: TierRow[] }, version: number) => ({
  enabled: Boolean(values.enabled),
  tiers: (values.tiers ?? []).map(({ deposits, ...tier }) => ({
    ...tier,
    deposit: Object.fromEntries(
      (deposits ?? []).map((d) => [(d.currency ?? '').trim().toUpperCase(), { pay: num(d.pay), get: num(d.get) }]),
    ),
  })),
  base_version: version,
});

const setsOf = (wheel: BackofficeWheel) =>
  wheel.segments.document.segments_by_group as Record<string, BackofficeWheelSegment[]>;

/** The sets as rows, the default set first (the one most players spin). */
const segmentsForm = (wheel: BackofficeWheel) => ({
  sets: Object.entries(setsOf(wheel))
    .sort(([a], [b]) => Number(b === 'default') - Number(a === 'default'))
    .map(([group, segments]) => ({ group, segments })),
});

const segmentsBody = (values: { sets?: SetRow[] }, version: number) => ({
  segments_by_group: Object.fromEntries(
    (values.sets ?? []).map((set) => [
      (set.group ?? '').trim(),
      (set.segments ?? []).map((s) => ({
        ...s,
        weight: num(s.weight),
        freespins_count: num(s.freespins_count),
        bonus_amount_cents: num(s.bonus_amount_cents),
        wager: num(s.wager),
        title: s.title ?? '',
      })),
    ]),
  ),
  base_version: version,
});

/** Saves one part after the contract's own check (its codes named by where they are in the config). */
function useSave(part: BackofficeWheelPart, onSaved: (wheel: BackofficeWheel) => void) {
  const notify = useNotify();
  return async (
    schema: typeof backofficeWheelTiersRequestSchema | typeof backofficeWheelSegmentsRequestSchema,
    body: unknown,
  ) => {
    const checked = schema.safeParse(body);
    if (!checked.success) {
      const errors = issuesToErrors(checked.error.issues);
      notify(
        `Not saved: ${Object.entries(errors)
          .map(([field, codes]) => `${field} ${codes.join(', ')}`)
          .join('; ')}`,
        { type: 'error' },
      );
      return;
    }
    try {
      const wheel = await api<BackofficeWheel>('PUT', `/wheel/${part}`, body);
      notify(`Saved: version ${wheel[part].version}`, { type: 'success' });
      onSaved(wheel);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Not saved', { type: 'error' });
    }
  };
}

// ---- versions ------------------------------------------------------------------------------------

function Versions({
  part,
  current,
  onRestored,
}: {
  part: BackofficeWheelPart;
  current: number;
  onRestored: (wheel: BackofficeWheel) => void;
}) {
  const notify = useNotify();
  const [versions, setVersions] = useState<ContentVersion[]>([]);
  useEffect(() => {
    api<{ data: ContentVersion[] }>('GET', `/wheel/${part}/versions?page=1&per_page=20`)
      .then((list) => setVersions(list.data))
      .catch(() => setVersions([]));
  }, [part, current]);
  const restore = async (version: number) => {
    try {
      const wheel = await api<BackofficeWheel>('POST', `/wheel/${part}/versions/${version}/restore`, {
        base_version: current,
      });
      notify(`Version ${version} restored as version ${wheel[part].version}`, { type: 'success' });
      onRestored(wheel);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Not restored', { type: 'error' });
    }
  };
  return (
    <Box component="section" aria-label={`Versions of the ${part}`} sx={{ width: 300, flexShrink: 0 }}>
      <Typography variant="subtitle1">Versions</Typography>
      {versions.length === 0 ? (
        <Typography variant="body2">No versions yet: the first save makes version 1.</Typography>
      ) : (
        <Table size="small">
          <TableBody>
            {versions.map((v) => (
              <TableRow key={v.version}>
                <TableCell>{v.version}</TableCell>
                <TableCell>{v.operator_id === null ? 'the seed' : `operator #${v.operator_id}`}</TableCell>
                <TableCell>{new Date(v.created_at).toLocaleString('en-GB')}</TableCell>
                <TableCell>
                  {v.version === current ? (
                    'current'
                  ) : v.document === null ? (
                    'deleted'
                  ) : (
                    <Button size="small" onClick={() => void restore(v.version)}>
                      Restore this version
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

// ---- the preview -----------------------------------------------------------------------------------

const COLOURS = ['#3949ab', '#00897b', '#f4511e', '#8e24aa', '#fdd835', '#6d4c41', '#039be5', '#c0ca33'];

/** A group's segments as its players' wheel holds them: the wheel drawn by weight, and each one's chance. */
function Preview({ sets, groups }: { sets: SetRow[]; groups: string[] }) {
  const keys = [...new Set(['default', ...groups, ...sets.map((s) => s.group ?? '')])].filter(Boolean);
  const [group, setGroup] = useState('default');
  const segments = (sets.find((s) => s.group === group) ?? sets.find((s) => s.group === 'default'))?.segments ?? [];
  const total = segments.reduce((sum, s) => sum + num(s.weight), 0) || 1;
  let at = 0;
  const slices = segments.map((s, i) => {
    const from = at;
    at += (num(s.weight) / total) * 360;
    return `${COLOURS[i % COLOURS.length]} ${from}deg ${at}deg`;
  });
  return (
    <Box component="section" aria-label="Wheel preview" sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1">Preview</Typography>
        <MuiTextField
          select
          size="small"
          label="Player group"
          value={group}
          onChange={(e) => setGroup(e.target.value)}
          sx={{ minWidth: 160 }}
        >
          {keys.map((key) => (
            <MenuItem key={key} value={key}>
              {key === 'default' ? 'default (no group)' : key}
            </MenuItem>
          ))}
        </MuiTextField>
      </Stack>
      <Stack direction="row" spacing={3} sx={{ mt: 1, alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{ width: 160, height: 160, borderRadius: '50%', background: `conic-gradient(${slices.join(', ')})` }}
        />
        <Table size="small" aria-label="Preview segments" data-testid="bo-wheel-preview">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>Segment</TableCell>
              <TableCell>Prize</TableCell>
              <TableCell>Chance</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {segments.map((s, i) => (
              <TableRow key={i}>
                <TableCell>
                  <Box sx={{ width: 12, height: 12, bgcolor: COLOURS[i % COLOURS.length] }} />
                </TableCell>
                <TableCell>{s.title}</TableCell>
                <TableCell>
                  {s.type === 'freespins'
                    ? `${num(s.freespins_count)} free spins`
                    : `${money(num(s.bonus_amount_cents), 'EUR')} × tier scale`}
                </TableCell>
                <TableCell>{`${((num(s.weight) / total) * 100).toFixed(1)} %`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Stack>
    </Box>
  );
}

// ---- the page ------------------------------------------------------------------------------------

function TiersCard({ wheel, onSaved }: { wheel: BackofficeWheel; onSaved: (wheel: BackofficeWheel) => void }) {
  const save = useSave('tiers', onSaved);
  return (
    <Card component="section" aria-label="Tiers">
      <CardContent>
        <Typography variant="h6" component="h2">
          Tiers
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A deposit of at least “pay” (minor units, in its currency, else EUR converted) earns a box of the highest tier
          reached; “get” multiplies the segments’ bonus amounts. Texts in other locales are kept.
        </Typography>
        <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2}>
          <SimpleForm
            sx={{ flex: 1, minWidth: 0 }}
            key={`tiers-${wheel.tiers.version}`}
            record={tiersForm(wheel)}
            onSubmit={(values: Record<string, unknown>) =>
              save(backofficeWheelTiersRequestSchema, tiersBody(values as { tiers?: TierRow[] }, wheel.tiers.version))
            }
          >
            <BooleanInput source="enabled" label="The wheel is on" />
            <ArrayInput source="tiers" label={false}>
              <SimpleFormIterator>
                <SelectInput source="tier" choices={tierChoices} validate={required()} />
                <TextInput source="label" validate={required()} />
                <ArrayInput source="deposits" label="Deposit per currency">
                  <SimpleFormIterator inline>
                    <TextInput source="currency" validate={required()} fullWidth={false} sx={{ minWidth: 100 }} />
                    <NumberInput source="pay" label="Pay (minor units)" fullWidth={false} sx={{ minWidth: 160 }} />
                    <NumberInput source="get" label="Prize scale" fullWidth={false} sx={{ minWidth: 130 }} />
                  </SimpleFormIterator>
                </ArrayInput>
              </SimpleFormIterator>
            </ArrayInput>
          </SimpleForm>
          <Versions part="tiers" current={wheel.tiers.version} onRestored={onSaved} />
        </Stack>
      </CardContent>
    </Card>
  );
}

function SegmentsCard({ wheel, onSaved }: { wheel: BackofficeWheel; onSaved: (wheel: BackofficeWheel) => void }) {
  const save = useSave('segments', onSaved);
  return (
    <Card component="section" aria-label="Segment sets">
      <CardContent>
        <Typography variant="h6" component="h2">
          Segment sets per player group
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`A player in group ${wheel.groups.join(', ')} spins that group’s set; everyone else the “default” set. A segment’s chance is its weight over the set’s sum. The next boxes issued carry the saved sets.`}
        </Typography>
        <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2}>
          <SimpleForm
            sx={{ flex: 1, minWidth: 0 }}
            key={`segments-${wheel.segments.version}`}
            record={segmentsForm(wheel)}
            onSubmit={(values: Record<string, unknown>) =>
              save(
                backofficeWheelSegmentsRequestSchema,
                segmentsBody(values as { sets?: SetRow[] }, wheel.segments.version),
              )
            }
          >
            <ArrayInput source="sets" label={false}>
              <SimpleFormIterator>
                <TextInput source="group" label="Player group" helperText="A group id, or default" fullWidth={false} />
                <ArrayInput source="segments" label="Segments">
                  <SimpleFormIterator inline>
                    <TextInput source="title" validate={required()} fullWidth={false} sx={{ minWidth: 180 }} />
                    <SelectInput
                      source="type"
                      label="Prize"
                      choices={typeChoices}
                      validate={required()}
                      fullWidth={false}
                      sx={{ minWidth: 150 }}
                    />
                    <NumberInput
                      source="bonus_amount_cents"
                      label="Bonus (EUR cents)"
                      fullWidth={false}
                      sx={{ minWidth: 150 }}
                    />
                    <NumberInput source="freespins_count" label="Free spins" fullWidth={false} sx={{ minWidth: 110 }} />
                    <NumberInput source="wager" fullWidth={false} sx={{ minWidth: 90 }} />
                    <NumberInput source="weight" fullWidth={false} sx={{ minWidth: 90 }} />
                  </SimpleFormIterator>
                </ArrayInput>
              </SimpleFormIterator>
            </ArrayInput>
            <FormDataConsumer<{ sets?: SetRow[] }>>
              {({ formData }) => <Preview sets={formData.sets ?? []} groups={wheel.groups} />}
            </FormDataConsumer>
          </SimpleForm>
          <Versions part="segments" current={wheel.segments.version} onRestored={onSaved} />
        </Stack>
      </CardContent>
    </Card>
  );
}

export function WheelPage() {
  const [wheel, setWheel] = useState<BackofficeWheel>();
  const notify = useNotify();
  const load = useCallback(
    () =>
      api<BackofficeWheel>('GET', '/wheel')
        .then(setWheel)
        .catch((error: unknown) => notify(error instanceof Error ? error.message : 'Not read', { type: 'error' })),
    [notify],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="Wheel" />
      {wheel ? (
        <>
          <SegmentsCard wheel={wheel} onSaved={setWheel} />
          <TiersCard wheel={wheel} onSaved={setWheel} />
        </>
      ) : (
        <Typography>Loading…</Typography>
      )}
    </Stack>
  );
}

export const wheel = {
  name: 'wheel',
  list: WheelPage,
  options: { label: 'Wheel' },
};
