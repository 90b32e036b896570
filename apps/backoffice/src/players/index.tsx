/** Players: found by id, address, nickname, name, phone or a session's IP address; a row opens the player's card. */
import { BooleanField, Datagrid, DateField, List, SearchInput, TextField } from 'react-admin';
import { PlayerShow } from './PlayerShow';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Id, email, name, phone or IP" />];

export function PlayerList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="id" />
        <TextField source="email" />
        <TextField source="nickname" sortable={false} />
        <TextField source="first_name" label="First name" sortable={false} />
        <TextField source="last_name" label="Last name" sortable={false} />
        <TextField source="mobile_phone" label="Phone" sortable={false} />
        <TextField source="country" sortable={false} />
        <TextField source="currency" sortable={false} />
        <BooleanField source="confirmed" sortable={false} />
        <DateField source="created_at" label="Registered" showTime />
        <DateField source="last_sign_in_at" label="Last sign-in" showTime />
      </Datagrid>
    </List>
  );
}

export const players = { name: 'players', list: PlayerList, show: PlayerShow, options: { label: 'Players' } };
