/**
 * Reference rates (permission `reference.manage`: finance and admin; docs/reference-rates.md):
 * every currency's euros per unit with the change that set it; several changed at once (all or
 * none, with a reason), and a currency's history.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  Card,
  CardContent,
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
  backofficeReferenceRatesPutRequestSchema,
  type BackofficeReferenceRatesResponse,
  type ReferenceRateHistoryResponse,
} from '@orbit/contracts';
import { api } from '../api';
import { byWhom, checkBody, Errors, errorsOf, ReasonAndSave, when } from './shared';

function History({ history }: { history: ReferenceRateHistoryResponse }) {
  return (
    <Stack spacing={1}>
      <Typography variant="h6">History of {history.currency}</Typography>
      <Table size="small" aria-label={`${history.currency} history`}>
        <TableHead>
          <TableRow>
            <TableCell>Valid from (UTC)</TableCell>
            <TableCell align="right">EUR per unit</TableCell>
            <TableCell>Changed by</TableCell>
            <TableCell>Reason</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.changes.map((change) => (
            <TableRow key={change.id}>
              <TableCell>{when(change.valid_from)}</TableCell>
              <TableCell align="right">{change.eur_per_unit}</TableCell>
              <TableCell>{byWhom(change.changed_by)}</TableCell>
              <TableCell>{change.reason ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

export function ReferenceRatesPage() {
  const notify = useNotify();
  const [rates, setRates] = useState<BackofficeReferenceRatesResponse['rates']>([]);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]> | null>(null);
  const [history, setHistory] = useState<ReferenceRateHistoryResponse | null>(null);
  const [busy, setBusy] = useState(false);

  const showHistory = useCallback(async (currency: string) => {
    try {
      setHistory(await api<ReferenceRateHistoryResponse>('GET', `/reference_rates/${currency}/history`));
    } catch (error) {
      setErrors(errorsOf(error));
    }
  }, []);
  useEffect(() => {
    api<BackofficeReferenceRatesResponse>('GET', '/reference_rates')
      .then((answer) => setRates(answer.rates))
      .catch((error: unknown) => setErrors(errorsOf(error)));
  }, []);

  const changed = Object.entries(edits).filter(
    ([currency, value]) =>
      value.trim() !== '' && value.trim() !== rates.find((r) => r.currency === currency)?.eur_per_unit,
  );
  const save = async () => {
    const checked = checkBody(backofficeReferenceRatesPutRequestSchema, {
      rates: changed.map(([currency, value]) => ({ currency, eur_per_unit: value.trim() })),
      ...(reason.trim() ? { reason } : {}),
    });
    if ('errors' in checked) return setErrors(checked.errors);
    setBusy(true);
    try {
      const answer = await api<BackofficeReferenceRatesResponse>('PUT', '/reference_rates', checked.body);
      setRates(answer.rates);
      setEdits({});
      setReason('');
      setErrors(null);
      notify(`Rates saved: ${checked.body.rates.map((r) => r.currency).join(', ')}`, { type: 'success' });
      if (history && checked.body.rates.some((r) => r.currency === history.currency))
        await showHistory(history.currency);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Reference rates" />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body1">
          What one unit of each currency is worth in euros, to compare amounts across currencies (limits, VIP, reports).
          Never used to move money. Changes are saved together, all or none, and every change is kept.
        </Typography>
        <Errors errors={errors} />
        <Table size="small" aria-label="Reference rates">
          <TableHead>
            <TableRow>
              <TableCell>Currency</TableCell>
              <TableCell align="right">EUR per unit</TableCell>
              <TableCell>New rate</TableCell>
              <TableCell>Last change</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rates.map((rate) => (
              <TableRow key={rate.currency} data-currency={rate.currency}>
                <TableCell>{rate.currency}</TableCell>
                <TableCell align="right">{rate.eur_per_unit}</TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={edits[rate.currency] ?? ''}
                    placeholder={rate.eur_per_unit}
                    onChange={(event) => setEdits({ ...edits, [rate.currency]: event.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': `New rate for ${rate.currency}` } }}
                  />
                </TableCell>
                <TableCell>
                  {rate.last_change
                    ? `${when(rate.last_change.valid_from)} by ${byWhom(rate.last_change.changed_by)}${
                        rate.last_change.previous_eur_per_unit ? ` (was ${rate.last_change.previous_eur_per_unit})` : ''
                      }`
                    : '—'}
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => void showHistory(rate.currency)}>
                    History of {rate.currency}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ReasonAndSave
          reason={reason}
          onReason={setReason}
          label="Save rates"
          disabled={busy || changed.length === 0}
          onSave={() => void save()}
        />
        {history && <History history={history} />}
      </CardContent>
    </Card>
  );
}
