/**
 * Whether the player is blocked, and the block or its lifting with a reason: a blocked player
 * cannot sign in and their sessions end; a cashout they asked for stays for review.
 */
import { Alert, Stack, Typography } from '@mui/material';
import { useGetOne, usePermissions, useRecordContext } from 'react-admin';
import type { BackofficeBlock } from '@orbit/contracts';
import { api } from '../../api';
import { ReasonButtons } from '../../layout/DecisionButtons';

export function BlockTab() {
  const player = useRecordContext<{ id: number }>();
  const { permissions } = usePermissions<string[]>();
  const { data: block } = useGetOne<BackofficeBlock & { id: number }>(
    'player_blocks',
    { id: player?.id ?? 0 },
    { enabled: player !== undefined },
  );
  if (!player || !block) return null;
  const action = block.blocked ? 'unblock' : 'block';
  return (
    <Stack spacing={2} data-testid="player-block">
      {block.blocked ? (
        <Alert severity="error">
          {`Blocked since ${new Date(block.blocked_at!).toLocaleString()}: ${block.reason ?? ''}`}
        </Alert>
      ) : (
        <Typography>Not blocked.</Typography>
      )}
      {permissions?.includes('players.block') && (
        <ReasonButtons
          title={(choice) => `${choice.label} player ${player.id}`}
          choices={[
            block.blocked
              ? { label: 'Unblock', color: 'primary', done: 'Player unblocked' }
              : { label: 'Block', color: 'error', done: 'Player blocked: their sessions ended' },
          ]}
          onDecide={(_choice, reason) => api('POST', `/players/${player.id}/${action}`, { reason })}
        />
      )}
    </Stack>
  );
}
