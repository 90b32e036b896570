/**
 * The page's fe configs by name: the whole value as JSON, checked against the shape its name has
 * (the contract's schema, the one the server checks again) before a save. A deleted config
 * answers its built-in default on the site.
 */
import { Datagrid, DateField, List, NumberField, TextField, TextInput } from 'react-admin';
import { DocumentEdit, Hint } from './shared';

const RESOURCE = 'content_fe_configs';

export function FeConfigList() {
  return (
    <List exporter={false} title="Fe configs">
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="id" label="Name" sortable={false} />
        <NumberField source="version" sortable={false} />
        <DateField source="updated_at" label="Changed" showTime sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}

export function FeConfigEdit() {
  return (
    <DocumentEdit resource={RESOURCE} title="Fe config">
      <TextInput source="name" readOnly />
      <Hint>
        The config’s whole value as JSON. It is checked against the shape this config has before it is saved; errors
        name the place inside it (value.title …). Deleting it brings the built-in default back.
      </Hint>
      <TextInput
        source="value_text"
        label="Value (JSON)"
        multiline
        minRows={14}
        fullWidth
        sx={{ '& textarea': { fontFamily: 'monospace' } }}
      />
    </DocumentEdit>
  );
}

export const contentFeConfigs = {
  name: RESOURCE,
  list: FeConfigList,
  edit: FeConfigEdit,
  options: { label: 'Fe configs' },
};
