/** Operators' notes on the player: append-only, each with its author; a correction is a new note. */
import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField as Field } from '@mui/material';
import {
  Datagrid,
  DateField,
  Pagination,
  ReferenceManyField,
  TextField,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { api } from '../../api';

function AddNote({ playerId }: { playerId: number }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      await api('POST', `/players/${playerId}/notes`, { body: String(new FormData(form).get('body') ?? '') });
      form.reset();
      notify('Note added', { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The note was not added', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void add(event)} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Field
          name="body"
          label="New note"
          required
          fullWidth
          multiline
          size="small"
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          Add note
        </Button>
      </Stack>
    </Box>
  );
}

export function NotesTab() {
  const player = useRecordContext<{ id: number }>();
  const { permissions } = usePermissions<string[]>();
  if (!player) return null;
  return (
    <>
      {permissions?.includes('players.notes') && <AddNote playerId={player.id} />}
      <ReferenceManyField reference="notes" target="players" perPage={25} pagination={<Pagination />}>
        <Datagrid bulkActionButtons={false} rowClick={false} data-testid="player-notes">
          <DateField source="created_at" label="When" showTime sortable={false} />
          <TextField source="operator_name" label="Author" sortable={false} />
          <TextField source="body" label="Note" sortable={false} />
        </Datagrid>
      </ReferenceManyField>
    </>
  );
}
