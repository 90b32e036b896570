/**
 * Snippets per key and locale: HTML shown on the page as written (the role that writes them is
 * trusted with the page's markup, docs/cms.md), with their categories.
 */
import { Box } from '@mui/material';
import { Datagrid, DateField, List, NumberField, SelectInput, TextField, TextInput, required } from 'react-admin';
import { localeChoices } from './documents';
import { documentPages, Hint, localeFilters } from './shared';

const RESOURCE = 'content_snippets';

export function SnippetList() {
  return (
    <List filters={localeFilters} exporter={false} title="Snippets">
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

const pages = documentPages({
  resource: RESOURCE,
  title: 'Snippet',
  Fields: SnippetFields,
  defaultValues: { locale: 'en' },
});

export const contentSnippets = {
  name: RESOURCE,
  list: SnippetList,
  ...pages,
  options: { label: 'Snippets' },
};
