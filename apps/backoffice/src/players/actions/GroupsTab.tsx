/** The player's groups and level; an operator with `players.groups` puts them in a group or takes them out (levels follow comp points). */
import { useState } from 'react';
import { Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useGetList, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import type { BackofficePlayerProfile } from '@orbit/contracts';
import { api } from '../../api';

export function GroupsTab() {
  const player = useRecordContext<BackofficePlayerProfile>();
  const { permissions } = usePermissions<string[]>();
  const { data: catalogue } = useGetList<{ id: number; name: string; kind: string }>('player_groups', {
    pagination: { page: 1, perPage: 200 },
  });
  const notify = useNotify();
  const refresh = useRefresh();
  const [chosen, setChosen] = useState('');
  if (!player) return null;
  const may = permissions?.includes('players.groups') ?? false;
  const member = new Set(player.groups.map((g) => g.id));
  const change = async (body: { add?: number[]; remove?: number[] }) => {
    try {
      await api('POST', `/players/${player.id}/groups`, body);
      notify('Groups changed', { type: 'success' });
      setChosen('');
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Nothing was changed', { type: 'error' });
    } finally {
      refresh();
    }
  };
  return (
    <Stack spacing={2} data-testid="player-groups">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {player.groups.map((g) =>
          may && g.kind === 'group' ? (
            <Chip key={g.id} label={g.name} onDelete={() => void change({ remove: [g.id] })} />
          ) : (
            <Chip key={g.id} label={g.kind === 'level' ? `Level: ${g.name}` : g.name} variant="outlined" />
          ),
        )}
      </Stack>
      {may && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Add to group"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            sx={{ minWidth: 260 }}
          >
            {(catalogue ?? [])
              .filter((g) => g.kind === 'group' && !member.has(g.id))
              .map((g) => (
                <MenuItem key={g.id} value={String(g.id)}>
                  {`${g.name} (${g.id})`}
                </MenuItem>
              ))}
          </TextField>
          <Button variant="contained" disabled={chosen === ''} onClick={() => void change({ add: [Number(chosen)] })}>
            Add
          </Button>
        </Stack>
      )}
      {!may && <Typography variant="body2">Groups are changed by support and marketing.</Typography>}
    </Stack>
  );
}
