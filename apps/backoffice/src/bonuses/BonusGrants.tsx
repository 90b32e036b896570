/**
 * A template granted to players by id or to a player group (`POST /bonus_grants`), and what came
 * of it: how many got it, how many were skipped and why, player by player. The form's
 * idempotency key is made once per form: sending it again (a double click, a retry after a lost
 * answer) grants nobody twice; "New grant" makes a new one.
 */
import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useGetList, usePermissions } from 'react-admin';
import type { BackofficeBonusGrantResponse, BackofficeBonusTemplate } from '@orbit/contracts';
import { api } from '../api';

const SKIP_LABELS: Record<string, string> = {
  already_granted: 'already granted by this grant',
  not_found: 'no such player',
  no_account: 'no account in the currency',
  bonuses_disabled: 'bonuses turned off',
  multi_account: 'multi-account player (no deposit bonus)',
  blocked: 'blocked',
};

const newKey = () => `backoffice-${crypto.randomUUID()}`;

export function BonusGrants() {
  const { permissions } = usePermissions<string[]>();
  const canList = permissions?.includes('bonuses.manage') ?? false;
  const templates = useGetList<BackofficeBonusTemplate>(
    'bonus_templates',
    { pagination: { page: 1, perPage: 200 }, filter: { enabled: 'true' } },
    { enabled: canList },
  );
  const groups = useGetList<{ id: number; name: string; kind: string }>('player_groups', {
    pagination: { page: 1, perPage: 200 },
  });
  const [to, setTo] = useState<'players' | 'group'>('players');
  const [templateKey, setTemplateKey] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BackofficeBonusGrantResponse | null>(null);
  const template = useMemo(() => templates.data?.find((t) => t.key === templateKey), [templates.data, templateKey]);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const amount = text('amount_cents');
    const body = {
      template_key: templateKey || text('template_key'),
      currency: text('currency').toUpperCase(),
      ...(amount ? { amount_cents: Number(amount) } : {}),
      ...(to === 'players'
        ? {
            player_ids: text('player_ids')
              .split(/[\s,]+/)
              .filter(Boolean)
              .map(Number),
          }
        : { group_id: Number(text('group_id')) }),
      idempotency_key: idempotencyKey,
    };
    setBusy(true);
    setError(null);
    try {
      setResult(await api<BackofficeBonusGrantResponse>('POST', '/bonus_grants', body));
    } catch (failure) {
      setResult(null);
      setError(failure instanceof Error ? failure.message : 'The grant failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Grant a bonus" />
      <CardContent>
        <form onSubmit={send} aria-label="Grant a bonus">
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            {canList ? (
              <TextField
                select
                label="Template"
                value={templateKey}
                onChange={(event) => setTemplateKey(event.target.value)}
                required
              >
                {(templates.data ?? []).map((t) => (
                  <MenuItem key={t.key} value={t.key}>
                    {`${t.title} (${t.key}, ${t.kind})`}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField name="template_key" label="Template key" required />
            )}
            <TextField
              name="currency"
              label="Currency"
              defaultValue="EUR"
              required
              helperText={template ? `Terms in ${Object.keys(template.money).join(', ')}` : undefined}
            />
            {template?.kind !== 'freespins' && (
              <TextField
                name="amount_cents"
                label="Amount (minor units)"
                type="number"
                helperText="Leave empty for the template's amount; required for a deposit template"
              />
            )}
            <RadioGroup row value={to} onChange={(event) => setTo(event.target.value as 'players' | 'group')}>
              <FormControlLabel value="players" control={<Radio />} label="Players by id" />
              <FormControlLabel value="group" control={<Radio />} label="A player group" />
            </RadioGroup>
            {to === 'players' ? (
              <TextField
                name="player_ids"
                label="Player ids"
                multiline
                minRows={2}
                required
                helperText="Comma, space or line separated"
              />
            ) : (
              <TextField name="group_id" label="Group" select required defaultValue="">
                {(groups.data ?? []).map((g) => (
                  <MenuItem key={g.id} value={String(g.id)}>
                    {`${g.name} (${g.id})`}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Typography variant="caption">{`Idempotency key: ${idempotencyKey}`}</Typography>
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={busy}>
                Grant
              </Button>
              <Button
                onClick={() => {
                  setIdempotencyKey(newKey());
                  setResult(null);
                  setError(null);
                }}
              >
                New grant
              </Button>
            </Stack>
          </Stack>
        </form>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {result && <GrantResult result={result} />}
      </CardContent>
    </Card>
  );
}

function GrantResult({ result }: { result: BackofficeBonusGrantResponse }) {
  const reasons = Object.entries(result.skipped_by_reason);
  return (
    <Box sx={{ mt: 3 }} data-testid="grant-result">
      <Alert severity={result.granted > 0 ? 'success' : 'info'}>
        {`Granted ${result.granted}, skipped ${result.skipped}`}
        {reasons.length > 0 && ` (${reasons.map(([reason, n]) => `${n} ${SKIP_LABELS[reason] ?? reason}`).join('; ')})`}
      </Alert>
      <Table size="small" sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>Player</TableCell>
            <TableCell>Result</TableCell>
            <TableCell>{result.kind === 'freespins' ? 'Free spins' : 'Bonus'}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.players.map((p) => (
            <TableRow key={p.player_id}>
              <TableCell>{p.player_id}</TableCell>
              <TableCell>{p.result === 'granted' ? 'granted' : SKIP_LABELS[p.result]}</TableCell>
              <TableCell>{p.id ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
