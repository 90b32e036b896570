/**
 * The VIP managers (docs/loyalty.md "Personal managers"): their cards (name, picture, hours and
 * contacts, the VIP groups they serve by default), and on each manager's page the players assigned
 * to them, a player assigned by id (moved from any other manager) or unassigned. A player's pages
 * show the manager assigned, else the first serving one of their groups.
 */
import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  NumberField,
  TextField,
  TextInput,
  required,
  useGetManyReference,
  useNotify,
  useRefresh,
} from 'react-admin';
import {
  backofficeManagerInputSchema,
  backofficePlayerManagerParamsSchema,
  type BackofficeManager,
} from '@orbit/contracts';
import { api } from '../api';
import { ActionButton, ContractCreate, ContractEdit, failure, numbersOf } from './shared';

export function ManagerList() {
  return (
    <List exporter={false} perPage={50} title="VIP managers">
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="name" sortable={false} />
        <TextField source="hours" sortable={false} />
        <TextField source="email" sortable={false} />
        <FunctionField label="Serves groups" render={(m: BackofficeManager) => m.group_ids.join(', ')} />
        <NumberField source="players_count" label="Players assigned" sortable={false} />
      </Datagrid>
    </List>
  );
}

const toForm = (m: BackofficeManager) => ({ ...m, group_ids: m.group_ids.join(', ') });

const toBody = (values: Record<string, unknown>) => {
  const text = (key: string) => (values[key] === undefined || values[key] === '' ? null : values[key]);
  return {
    name: values.name ?? '',
    avatar: text('avatar'),
    hours: text('hours'),
    whatsapp: text('whatsapp'),
    telegram: text('telegram'),
    email: text('email'),
    group_ids: numbersOf(values.group_ids),
  };
};

function ManagerFields() {
  return (
    <>
      <TextInput source="name" validate={required()} />
      <TextInput source="avatar" label="Picture (URL; none: the initials)" fullWidth />
      <TextInput source="hours" label="Working hours" />
      <TextInput source="whatsapp" label="WhatsApp link" fullWidth />
      <TextInput source="telegram" label="Telegram link" fullWidth />
      <TextInput source="email" />
      <TextInput
        source="group_ids"
        label="Serves the VIP groups (ids)"
        helperText="257 bronze, 258 silver, 259 gold…"
      />
    </>
  );
}

export function ManagerCreate() {
  return (
    <ContractCreate
      title="New VIP manager"
      save={{
        schema: backofficeManagerInputSchema,
        toBody,
        send: (body) => api('POST', '/vip_managers', body),
        saved: 'Manager created',
        resource: 'vip_managers',
      }}
    >
      <ManagerFields />
    </ContractCreate>
  );
}

/** The players assigned to the manager, and assigning one more by id. */
function ManagerPlayers({ manager }: { manager: BackofficeManager }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [playerId, setPlayerId] = useState('');
  const { data, total } = useGetManyReference('players', {
    target: 'vip_managers',
    id: manager.id,
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'id', order: 'ASC' },
  });
  const assign = async () => {
    const checked = backofficePlayerManagerParamsSchema.safeParse({ id: playerId });
    if (!checked.success) return notify('Type a player’s id (a whole number)', { type: 'error' });
    const id = checked.data.id;
    try {
      await api('PUT', `/player_vip_manager/${id}`, { manager_id: manager.id });
      notify(`Player ${id} assigned to ${manager.name}`, { type: 'success' });
      setPlayerId('');
    } catch (error) {
      notify(failure(error), { type: 'error' });
    }
    refresh();
  };
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6">{`Players of ${manager.name} (${total ?? 0})`}</Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', my: 1 }}>
          <MuiTextField
            size="small"
            label="Player id"
            value={playerId}
            onChange={(event) => setPlayerId(event.target.value)}
          />
          <Button variant="contained" onClick={assign}>
            Assign the player
          </Button>
        </Box>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Player</TableCell>
              <TableCell>Name shown</TableCell>
              <TableCell>Assigned</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).map((p) => (
              <TableRow key={p.id}>
                <TableCell>
                  <a href={`/backoffice/players/${p.id}/show`}>{p.id}</a>
                </TableCell>
                <TableCell>{p.name}</TableCell>
                <TableCell>{new Date(p.assigned_at).toLocaleString()}</TableCell>
                <TableCell>
                  <ActionButton
                    label="Unassign"
                    color="warning"
                    call={() => api('PUT', `/player_vip_manager/${p.id}`, { manager_id: null })}
                    done={`Player ${p.id} unassigned`}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

export function ManagerEdit() {
  return (
    <ContractEdit<BackofficeManager, unknown>
      title="VIP manager"
      toForm={toForm}
      save={(manager) => ({
        schema: backofficeManagerInputSchema,
        toBody,
        send: (body) => api('PUT', `/vip_managers/${manager.id}`, body),
        saved: `${manager.name} saved`,
      })}
      after={(manager) => <ManagerPlayers manager={manager} />}
    >
      <ManagerFields />
    </ContractEdit>
  );
}

export const vipManagers = {
  name: 'vip_managers',
  list: ManagerList,
  edit: ManagerEdit,
  create: ManagerCreate,
  options: { label: 'VIP managers' },
};
