/** The operators (admin): who may sign in, with which role, and whether two-factor is on. */
import {
  BooleanField,
  BooleanInput,
  Create,
  Edit,
  Datagrid,
  DateField,
  List,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { BACKOFFICE_ROLES } from '@orbit/contracts';

const roleChoices = BACKOFFICE_ROLES.map((role) => ({ id: role, name: role }));

export function OperatorList() {
  return (
    <List sort={{ field: 'id', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="email" />
        <TextField source="role" />
        <BooleanField source="two_factor" label="Two-factor" sortable={false} />
        <BooleanField source="active" sortable={false} />
        <DateField source="last_sign_in_at" label="Last sign-in" showTime />
      </Datagrid>
    </List>
  );
}

export function OperatorCreate() {
  return (
    <Create redirect="list">
      <SimpleForm>
        <TextInput source="email" type="email" validate={required()} />
        <TextInput source="name" validate={required()} />
        <SelectInput source="role" choices={roleChoices} validate={required()} />
        <PasswordInput source="password" label="First password" validate={required()} />
      </SimpleForm>
    </Create>
  );
}

/** A role changed, or the account switched off (the operator's sessions end at once); never one's own. */
export function OperatorEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <TextField source="email" />
        <TextField source="name" />
        <SelectInput source="role" choices={roleChoices} validate={required()} />
        <BooleanInput source="active" label="May sign in" />
      </SimpleForm>
    </Edit>
  );
}

export const operators = {
  name: 'operators',
  list: OperatorList,
  create: OperatorCreate,
  edit: OperatorEdit,
  options: { label: 'Operators' },
};
