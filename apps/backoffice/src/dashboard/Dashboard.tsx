/**
 * The first page: who is signed in, with which role, and what that role may do; for the roles
 * that read reports, today at a glance (GGR, deposits, cashouts waiting, active players, flagged
 * games) from `GET /api/backoffice/reports/dashboard`.
 */
import { useEffect, useState } from 'react';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions } from 'react-admin';
import type { BackofficeDashboard } from '@orbit/contracts';
import { api } from '../api';
import { formatMoney } from '../players/money';

const eur = (cents: number) => formatMoney(cents, 'EUR', 100);

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 180 }} role="group" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p">
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** Today's figures (UTC); a failed read says so rather than showing zeros. */
function Today() {
  const [today, setToday] = useState<BackofficeDashboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    api<BackofficeDashboard>('GET', '/reports/dashboard').then(
      (answer) => current && setToday(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  if (failed)
    return (
      <Typography variant="body2" color="error">
        Today&apos;s figures could not be read.
      </Typography>
    );
  if (!today) return <Typography variant="body2">Loading today&apos;s figures…</Typography>;
  return (
    <Box component="section" aria-label="Today" data-testid="dashboard-today">
      <Typography variant="h6" component="h2" gutterBottom>
        Today ({today.day}, UTC)
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Figure label="GGR" value={eur(today.ggr_eur)} hint={`NGR ${eur(today.ngr_eur)}`} />
        <Figure label="Deposits" value={eur(today.deposits_eur)} hint={`${today.deposits} deposits`} />
        <Figure
          label="Cashouts waiting"
          value={String(today.cashouts_waiting)}
          hint={eur(today.cashouts_waiting_eur)}
        />
        <Figure label="Active players" value={String(today.active_players)} />
        <Figure
          label="Flagged games"
          value={today.flagged_games === null ? '—' : String(today.flagged_games)}
          hint="outside their RTP interval, last 30 days"
        />
      </Stack>
      <Typography variant="caption" color="text.secondary" data-testid="as-of">
        {today.as_of ? `As of ${today.as_of.slice(0, 19).replace('T', ' ')} UTC` : 'Not computed yet today'}
      </Typography>
    </Box>
  );
}

export function Dashboard() {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Orbit back office" />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" gutterBottom>
            Signed in as {identity?.fullName ?? '…'}
          </Typography>
          <Typography variant="body2" gutterBottom>
            Your role may:
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="permissions">
            {(permissions ?? []).map((permission) => (
              <Chip key={permission} label={permission} size="small" />
            ))}
          </Stack>
        </Box>
        {permissions?.includes('reports.read') && <Today />}
      </CardContent>
    </Card>
  );
}
