/**
 * Snippets per key and locale: HTML shown on the page as written (the role that writes them is
 * trusted with the page's markup, docs/cms.md), with their categories.
 */
import { Box } from '@mui/material';
import {
  Create,
  Datagrid,
  DateField,
  List,
  NumberField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { localeChoices } from './documents';
import { ContentEdit, ContentToolbar, Hint, validateDocument } from './shared';

const RESOURCE = 'content_snippets';

const filters = [
  <SelectInput key="locale" source="locale" choices={localeChoices} alwaysOn emptyText="All" />,
  <TextInput key="q" source="q" label="Search" alwaysOn />,
];

export function SnippetList() {
  return (
    <List filters={filters} exporter={false} title="Snippets">
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="key" sortable={false} />
        <TextField source="locale" sortable={false} />
        <TextField source="label" label="Text" sortable={false} />
        <NumberField source="version" sortable={false} />
        <DateField source="updated_at" label="Changed" showTime sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}

function SnippetFields({ creating = false }: { creating?: boolean }) {
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <TextInput source="key" validate={required()} readOnly={!creating} />
        <SelectInput source="locale" choices={localeChoices} validate={required()} readOnly={!creating} />
      </Box>
      <Hint>HTML, shown on the page exactly as written (JSON text for snippets in the “tournament” category).</Hint>
      <TextInput source="content" multiline minRows={8} fullWidth validate={required()} />
      <TextInput source="categories_text" label="Categories" helperText="Comma-separated" fullWidth />
    </>
  );
}

export function SnippetEdit() {
  return (
    <ContentEdit title="Snippet">
      <SimpleForm validate={validateDocument(RESOURCE)} toolbar={<ContentToolbar />}>
        <SnippetFields />
      </SimpleForm>
    </ContentEdit>
  );
}

export function SnippetCreate() {
  return (
    <Create title="New snippet" redirect="edit">
      <SimpleForm validate={validateDocument(RESOURCE)} defaultValues={{ locale: 'en' }}>
        <SnippetFields creating />
      </SimpleForm>
    </Create>
  );
}

export const contentSnippets = {
  name: RESOURCE,
  list: SnippetList,
  edit: SnippetEdit,
  create: SnippetCreate,
  options: { label: 'Snippets' },
};
