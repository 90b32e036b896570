/**
 * A limit, a cooling-off or a self-exclusion set at the player's request (support, risk): a new
 * or stricter limit applies at once; a looser one is refused (only the player raises a limit,
 * through the confirmation that waits 24 hours). The reason names the request.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import {
  COOLING_OFF_PERIODS,
  LIMIT_PERIODS,
  SELF_EXCLUSION_PERIODS,
  type BackofficePlayerProfile,
} from '@orbit/contracts';
import { api } from '../../api';
import { useSubunits } from '../money';

const KINDS = ['deposit', 'loss', 'wager', 'session', 'cooling_off', 'self_exclusion'] as const;
type Kind = (typeof KINDS)[number];

const periodsOf = (kind: Kind): readonly string[] =>
  kind === 'cooling_off' ? COOLING_OFF_PERIODS : kind === 'self_exclusion' ? SELF_EXCLUSION_PERIODS : LIMIT_PERIODS;

/** The limit as the player's own call would send it; amounts typed in units. */
function limitOf(kind: Kind, period: string, form: FormData, subunits: (currency: string) => number) {
  if (kind === 'cooling_off' || kind === 'self_exclusion') return { type: kind, period };
  if (kind === 'session') return { type: kind, period, minutes: Number(form.get('minutes')) };
  const currency = String(form.get('currency') ?? '');
  return {
    type: kind,
    period,
    accounts: [{ currency, amount_cents: Math.round(Number(form.get('amount')) * subunits(currency)) }],
  };
}

export function LimitRequestTab() {
  const player = useRecordContext<BackofficePlayerProfile>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [kind, setKind] = useState<Kind>('deposit');
  const [period, setPeriod] = useState('day');
  const [busy, setBusy] = useState(false);
  const subunits = useSubunits();
  if (!player) return null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await api('POST', `/players/${player.id}/limits`, {
        limit: limitOf(kind, period, form, subunits),
        reason: String(form.get('reason') ?? ''),
      });
      notify('Set at the player’s request', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Nothing was set', { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const choose = (next: Kind) => {
    setKind(next);
    setPeriod(periodsOf(next)[0]!);
  };
  return (
    <Box component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} sx={{ maxWidth: 560 }}>
      <Stack spacing={2}>
        <Typography variant="body2">
          Only stricter: a looser limit is refused. An exclusion ends every session of the player at once.
        </Typography>
        <TextField select size="small" label="Kind" value={kind} onChange={(e) => choose(e.target.value as Kind)}>
          {KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {k.replace('_', ' ')}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Period" value={period} onChange={(e) => setPeriod(e.target.value)}>
          {periodsOf(kind).map((p) => (
            <MenuItem key={p} value={p}>
              {p.replace('_', ' ')}
            </MenuItem>
          ))}
        </TextField>
        {kind === 'session' && <TextField name="minutes" label="Minutes" type="number" size="small" required />}
        {['deposit', 'loss', 'wager'].includes(kind) && (
          <Stack direction="row" spacing={1}>
            <TextField name="amount" label="Amount (units)" type="number" size="small" required />
            <TextField name="currency" label="Currency" size="small" defaultValue={player.currency} required />
          </Stack>
        )}
        <TextField name="reason" label="Reason" size="small" required multiline helperText="How the player asked." />
        <Button type="submit" variant="contained" color="warning" disabled={busy}>
          Set at the player’s request
        </Button>
      </Stack>
    </Box>
  );
}
