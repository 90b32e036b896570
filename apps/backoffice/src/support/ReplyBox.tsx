/**
 * The operator's side of a conversation: the reply box (a canned answer picked fills it, to send
 * as it is or edited; a contact-form message's answer goes out by mail) and the close with its
 * reason. Both refresh the page after: the thread and the counters are the server's.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  type BackofficeSupportCannedAnswer,
  type BackofficeSupportConversationDetail,
} from '@orbit/contracts';
import { api } from '../api';

/** The canned answers, asked once per page. */
function useCannedAnswers(): BackofficeSupportCannedAnswer[] {
  const [answers, setAnswers] = useState<BackofficeSupportCannedAnswer[]>([]);
  useEffect(() => {
    let current = true;
    api<{ data: BackofficeSupportCannedAnswer[] }>('GET', '/support/canned_answers').then(
      (list) => current && setAnswers(list.data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return answers;
}

const failure = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

export function ReplyBox() {
  const conversation = useRecordContext<BackofficeSupportConversationDetail>();
  const answers = useCannedAnswers();
  const notify = useNotify();
  const refresh = useRefresh();
  const [text, setText] = useState('');
  const [canned, setCanned] = useState('');
  const [busy, setBusy] = useState(false);
  if (!conversation || conversation.status !== 'open') return null;
  const byMail = conversation.party === 'contact';
  const pick = (id: string) => {
    setCanned(id);
    const answer = answers.find((a) => a.id === id);
    if (answer) setText(answer.body);
  };
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api('POST', `/support/conversations/${conversation.id}/messages`, { body: text });
      setText('');
      setCanned('');
      notify(byMail ? 'Reply sent by mail' : 'Reply sent', { type: 'success' });
    } catch (error) {
      notify(failure(error, 'The reply was not sent'), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(event: FormEvent<HTMLFormElement>) => void send(event)}
      sx={{ display: 'grid', gap: 1 }}
    >
      <TextField
        select
        label="Canned answer"
        value={canned}
        onChange={(event) => pick(event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        size="small"
      >
        <option value="">Choose a canned answer…</option>
        {answers.map((answer) => (
          <option key={answer.id} value={answer.id}>
            {answer.title}
          </option>
        ))}
      </TextField>
      <TextField
        label="Reply"
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        required
        slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX_LENGTH } }}
        helperText={
          byMail
            ? `Sent by mail to ${conversation.contact_email ?? 'the address given'} · ${text.length} / ${SUPPORT_MESSAGE_MAX_LENGTH}`
            : `${text.length} / ${SUPPORT_MESSAGE_MAX_LENGTH}`
        }
      />
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={busy || text.trim() === ''}>
          {byMail ? 'Send by mail' : 'Send'}
        </Button>
      </Stack>
    </Box>
  );
}

/** Close, asking the reason in a dialog (written to the audit log). */
export function CloseButton() {
  const conversation = useRecordContext<BackofficeSupportConversationDetail>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!conversation || conversation.status !== 'open') return null;
  const close = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    setBusy(true);
    try {
      await api('POST', `/support/conversations/${conversation.id}/close`, { reason });
      setAsking(false);
      notify('Conversation closed', { type: 'success' });
    } catch (error) {
      notify(failure(error, 'The conversation was not closed'), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setAsking(true)}>
        Close the conversation
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} fullWidth maxWidth="sm">
        <Box component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void close(event)}>
          <DialogTitle>Close the conversation</DialogTitle>
          <DialogContent>
            <TextField
              name="reason"
              label="Reason"
              helperText="Written to the audit log; the player (or visitor, or contact) does not see it."
              required
              fullWidth
              autoFocus
              margin="dense"
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Close
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
