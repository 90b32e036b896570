/**
 * The ledger audit (permission `ledger.audit`): one button runs the wallet's proof that no money
 * was lost or created, and the page shows its verdict. Each run is written to the audit log.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
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
import { Title, useNotify } from 'react-admin';
import type { BackofficeLedgerAudit } from '@orbit/contracts';
import { api } from '../api';

function Verdict({ audit }: { audit: BackofficeLedgerAudit }) {
  const counted = `${audit.transfers} transfers, ${audit.accounts} accounts checked.`;
  if (audit.ok)
    return (
      <Alert severity="success" data-testid="ledger-verdict">
        ok: every transfer balances and every account holds the sum of its legs. {counted}
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="error" data-testid="ledger-verdict">
        broken: {audit.problems.join(' ')} {counted}
      </Alert>
      {audit.broken_accounts.length > 0 && (
        <Table size="small" aria-label="Broken accounts">
          <TableHead>
            <TableRow>
              <TableCell>Account</TableCell>
              <TableCell>Owner</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Currency</TableCell>
              <TableCell align="right">Balance</TableCell>
              <TableCell align="right">Sum of legs</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {audit.broken_accounts.map((account) => (
              <TableRow key={account.account_id}>
                <TableCell>{account.account_id}</TableCell>
                <TableCell>{account.user_id === null ? 'house' : `player ${account.user_id}`}</TableCell>
                <TableCell>{account.kind}</TableCell>
                <TableCell>{account.currency}</TableCell>
                <TableCell align="right">{account.balance}</TableCell>
                <TableCell align="right">{account.sum_of_legs}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

export function LedgerAuditPage() {
  const notify = useNotify();
  const [audit, setAudit] = useState<BackofficeLedgerAudit | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setAudit(await api<BackofficeLedgerAudit>('GET', '/ledger_audit'));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The audit failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Ledger audit" />
      <CardContent sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography variant="body1">
          Checks the whole ledger: every transfer&apos;s legs sum to zero in its currency, every account&apos;s balance
          is the sum of its legs, no player is below zero. Each run is written to the audit log.
        </Typography>
        <Button variant="contained" onClick={() => void run()} disabled={busy}>
          Run the ledger audit
        </Button>
        {audit && <Verdict audit={audit} />}
      </CardContent>
    </Card>
  );
}

/**
 * A page of its own rather than records: registered as a resource whose list is this page, so that
 * the menu offers it (to roles with `ledger.audit`) at `/backoffice/ledger_audit`.
 */
export const ledgerAudit = { name: 'ledger_audit', list: LedgerAuditPage, options: { label: 'Ledger audit' } };
