/** The player's sign-in sessions, newest first; an operator ends one or all (their game sessions end with them). */
import { Button } from '@mui/material';
import {
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  Pagination,
  ReferenceManyField,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { z } from 'zod';
import type { backofficePlayerSessionSchema } from '@orbit/contracts';
import { api } from '../../api';

type PlayerSession = z.infer<typeof backofficePlayerSessionSchema>;

function useEnd(playerId: number) {
  const notify = useNotify();
  const refresh = useRefresh();
  return async (path: string) => {
    try {
      const { ended } = await api<{ ended: number }>('POST', `/players/${playerId}/sessions/${path}`);
      notify(ended === 1 ? 'One session ended' : `${ended} sessions ended`, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Nothing was ended', { type: 'error' });
    } finally {
      refresh();
    }
  };
}

export function SessionsTab() {
  const player = useRecordContext<{ id: number }>();
  const end = useEnd(player?.id ?? 0);
  if (!player) return null;
  return (
    <>
      <Button variant="outlined" color="warning" sx={{ mb: 2 }} onClick={() => void end('end_all')}>
        End all sessions
      </Button>
      <ReferenceManyField reference="sessions" target="players" perPage={25} pagination={<Pagination />}>
        <Datagrid bulkActionButtons={false} rowClick={false} data-testid="player-sessions">
          <DateField source="created_at" label="Signed in" showTime sortable={false} />
          <DateField source="last_seen_at" label="Last seen" showTime sortable={false} />
          <TextField source="ip" label="IP" sortable={false} />
          <TextField source="country" sortable={false} />
          <TextField source="user_agent" label="Browser" sortable={false} />
          <BooleanField source="active" sortable={false} />
          <FunctionField<PlayerSession>
            label=""
            render={(s) =>
              s.active ? (
                <Button size="small" color="warning" onClick={() => void end(`${s.id}/end`)}>
                  End
                </Button>
              ) : null
            }
          />
        </Datagrid>
      </ReferenceManyField>
    </>
  );
}
