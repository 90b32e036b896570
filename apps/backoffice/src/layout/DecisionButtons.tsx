/**
 * Approve and Reject, each asking the operator's reason in a dialog before the call: every
 * decision on money, a block or a document carries one (docs/backoffice.md "The audit log").
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';

export type DecisionChoice = { label: string; color: 'success' | 'error' | 'warning' | 'primary'; done: string };

export function ReasonButtons({
  title,
  choices,
  hint,
  onDecide,
}: {
  /** The dialog's title for a choice ("Approve cashout 12"). */
  title: (choice: DecisionChoice) => string;
  choices: DecisionChoice[];
  /** Who reads the reason, under the field. */
  hint?: string;
  onDecide: (choice: DecisionChoice, reason: string) => Promise<unknown>;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<DecisionChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const decide = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!asking) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    setBusy(true);
    try {
      await onDecide(asking, reason);
      notify(asking.done, { type: 'success' });
      setAsking(null);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The decision failed', { type: 'error' });
    } finally {
      setBusy(false);
      // Decided here or by someone else meanwhile: either way the page shows the state now.
      refresh();
    }
  };
  return (
    <>
      <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
        {choices.map((choice) => (
          <Button
            key={choice.label}
            size="small"
            variant="contained"
            color={choice.color}
            onClick={() => setAsking(choice)}
          >
            {choice.label}
          </Button>
        ))}
      </Stack>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} fullWidth maxWidth="sm">
        <Box component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void decide(event)}>
          <DialogTitle>{asking ? title(asking) : ''}</DialogTitle>
          <DialogContent>
            <TextField
              name="reason"
              label="Reason"
              helperText={hint ?? 'Written into the audit log with your decision.'}
              required
              fullWidth
              multiline
              minRows={2}
              autoFocus
              margin="dense"
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(null)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {asking?.label}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
