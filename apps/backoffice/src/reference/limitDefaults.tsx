/**
 * The limits' defaults (permission `limits.defaults`: risk and admin; docs/limits.md "Defaults the
 * operator sets"): the values in force, a form for the next version, and every version kept.
 */
import { useEffect, useState } from 'react';
import {
  Card,
  CardContent,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useNotify } from 'react-admin';
import {
  LIMIT_DEFAULT_BOUNDS,
  limitDefaultsPutRequestSchema,
  REALITY_CHECK_MINUTES,
  type LimitDefaults,
  type LimitDefaultsResponse,
} from '@orbit/contracts';
import { api } from '../api';
import { byWhom, checkBody, Errors, errorsOf, ReasonAndSave, when } from './shared';

type Form = Record<keyof LimitDefaults, string>;
const formOf = (settings: LimitDefaults): Form => ({
  raise_delay_hours: String(settings.raise_delay_hours),
  confirm_window_days: String(settings.confirm_window_days),
  new_player_reality_check_minutes: String(settings.new_player_reality_check_minutes),
});

export function LimitDefaultsPage() {
  const notify = useNotify();
  const [state, setState] = useState<LimitDefaultsResponse | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]> | null>(null);

  const load = async () => {
    const answer = await api<LimitDefaultsResponse>('GET', '/limit_defaults');
    setState(answer);
    setForm(formOf(answer.current.settings));
  };
  useEffect(() => {
    load().catch((error: unknown) => setErrors(errorsOf(error)));
  }, []);

  const save = async () => {
    if (!form) return;
    const checked = checkBody(limitDefaultsPutRequestSchema, {
      raise_delay_hours: Number(form.raise_delay_hours),
      confirm_window_days: Number(form.confirm_window_days),
      new_player_reality_check_minutes: Number(form.new_player_reality_check_minutes),
      ...(reason.trim() ? { reason } : {}),
    });
    if ('errors' in checked) return setErrors(checked.errors);
    try {
      await api('PUT', '/limit_defaults', checked.body);
      setErrors(null);
      setReason('');
      notify('Limit defaults saved', { type: 'success' });
      await load();
    } catch (error) {
      setErrors(errorsOf(error));
    }
  };
  const field = (name: keyof LimitDefaults) => ({
    value: form?.[name] ?? '',
    onChange: (event: { target: { value: string } }) => form && setForm({ ...form, [name]: event.target.value }),
    size: 'small' as const,
  });

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Limit defaults" />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body1">
          What the casino applies by default. A change applies from now on: to raises and removals players ask for next,
          to confirmation mails sent next, and to players who never chose a reality-check interval. It never changes a
          limit a player set.
        </Typography>
        <Errors errors={errors} />
        {state && (
          <Typography variant="body2" data-testid="limit-defaults-current">
            In force: version {state.current.version} (
            {state.current.version === 0 ? 'the code’s defaults' : when(state.current.created_at)})
          </Typography>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label="Hours a raise or removal waits"
            type="number"
            helperText={`${LIMIT_DEFAULT_BOUNDS.raise_delay_hours.min} to ${LIMIT_DEFAULT_BOUNDS.raise_delay_hours.max}`}
            {...field('raise_delay_hours')}
          />
          <TextField
            label="Days to confirm it"
            type="number"
            helperText={`${LIMIT_DEFAULT_BOUNDS.confirm_window_days.min} to ${LIMIT_DEFAULT_BOUNDS.confirm_window_days.max}`}
            {...field('confirm_window_days')}
          />
          <TextField
            select
            label="New player's reality check (minutes)"
            sx={{ minWidth: 260 }}
            {...field('new_player_reality_check_minutes')}
          >
            {REALITY_CHECK_MINUTES.map((m) => (
              <MenuItem key={m} value={String(m)}>
                {m === 0 ? 'off' : `${m} minutes`}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <ReasonAndSave
          reason={reason}
          onReason={setReason}
          label="Save defaults"
          disabled={!form}
          onSave={() => void save()}
        />
        <Typography variant="h6">Versions</Typography>
        <Table size="small" aria-label="Limit defaults versions">
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Saved (UTC)</TableCell>
              <TableCell>By</TableCell>
              <TableCell align="right">Raise waits (h)</TableCell>
              <TableCell align="right">Confirm within (days)</TableCell>
              <TableCell align="right">Reality check (min)</TableCell>
              <TableCell>Reason</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(state?.versions ?? []).map((v) => (
              <TableRow key={v.version}>
                <TableCell>{v.version}</TableCell>
                <TableCell>{when(v.created_at)}</TableCell>
                <TableCell>{byWhom(v.changed_by)}</TableCell>
                <TableCell align="right">{v.settings.raise_delay_hours}</TableCell>
                <TableCell align="right">{v.settings.confirm_window_days}</TableCell>
                <TableCell align="right">{v.settings.new_player_reality_check_minutes}</TableCell>
                <TableCell>{v.reason ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
