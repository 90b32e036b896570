/** Game rounds, newest first; our studio's rounds link to their provably-fair check (a new tab). */
import { Link } from '@mui/material';
import { Datagrid, DateField, FunctionField, Pagination, ReferenceManyField, TextField } from 'react-admin';
import type { BackofficePlayerRound } from '@orbit/contracts';
import { Money } from '../money';

export function RoundsTab() {
  return (
    <ReferenceManyField reference="rounds" target="players" perPage={25} pagination={<Pagination />}>
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="player-rounds">
        <TextField source="id" sortable={false} />
        <TextField source="round_id" label="Provider's round" sortable={false} />
        <FunctionField<BackofficePlayerRound> label="Game" render={(r) => r.game.title} />
        <TextField source="provider" sortable={false} />
        <DateField source="started_at" label="Started" showTime sortable={false} />
        <DateField source="finished_at" label="Finished" showTime sortable={false} />
        <FunctionField<BackofficePlayerRound>
          label="Stake"
          textAlign="right"
          render={(r) => <Money cents={r.stake_cents} currency={r.currency} />}
        />
        <FunctionField<BackofficePlayerRound>
          label="Win"
          textAlign="right"
          render={(r) => <Money cents={r.win_cents} currency={r.currency} />}
        />
        <TextField source="state" sortable={false} />
        <FunctionField<BackofficePlayerRound>
          label="Fairness"
          render={(r) =>
            r.verify_url ? (
              <Link href={r.verify_url} target="_blank" rel="noopener noreferrer">
                Verify
              </Link>
            ) : (
              ''
            )
          }
        />
      </Datagrid>
    </ReferenceManyField>
  );
}
