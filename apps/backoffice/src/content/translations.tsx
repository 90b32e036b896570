/**
 * The page's texts per locale: each key with its English text, the text players of the locale
 * read now and whether an operator's override is behind it; "Missing only" lists the keys with no
 * text of the locale's own (none at all, or the English text in a locale of another language)
 * and no override. Editing a key writes its override; removing the override brings the bundled
 * text back.
 */
import { Chip } from '@mui/material';
import {
  BooleanInput,
  Datagrid,
  FunctionField,
  Labeled,
  List,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
  required,
  useRecordContext,
} from 'react-admin';
import type { CatalogueRow } from './catalogue';
import { localeChoices, type FormValues } from './documents';
import { ContentToolbar, DocumentEdit, Hint } from './shared';

const RESOURCE = 'content_translations';

const filters = [
  <SelectInput key="locale" source="locale" choices={localeChoices} alwaysOn />,
  <TextInput key="q" source="q" label="Search keys and texts" alwaysOn />,
  <BooleanInput key="missing" source="missing" label="Missing only" alwaysOn />,
  <BooleanInput key="overridden" source="overridden" label="Overridden only" alwaysOn />,
];

function State({ row }: { row: CatalogueRow }) {
  if (row.overridden) return <Chip size="small" color="primary" label="override" />;
  if (row.missing) return <Chip size="small" color="warning" label="missing" />;
  return null;
}

export function TranslationList() {
  return (
    <List filters={filters} filterDefaultValues={{ locale: 'de' }} exporter={false} title="Translations" perPage={50}>
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="key" sortable={false} />
        <TextField source="english" label="English" sortable={false} />
        <TextField source="current" label="Text on the site" sortable={false} emptyText="—" />
        <FunctionField label="State" render={(row: CatalogueRow) => <State row={row} />} />
        <NumberField source="version" label="Override version" sortable={false} />
      </Datagrid>
    </List>
  );
}

/** Remove the override only when there is one: without it there is nothing to delete. */
function TranslationToolbar() {
  const record = useRecordContext<FormValues>();
  return <ContentToolbar deletable={record?.overridden === true} />;
}

export function TranslationEdit() {
  return (
    <DocumentEdit resource={RESOURCE} title="Translation" toolbar={<TranslationToolbar />}>
      <Labeled label="Locale">
        <TextField source="locale" />
      </Labeled>
      <Labeled label="Key">
        <TextField source="key" />
      </Labeled>
      <Labeled label="English">
        <TextField source="english" />
      </Labeled>
      <Labeled label="Text on the site now">
        <TextField source="current" emptyText="— (missing)" />
      </Labeled>
      <Hint>
        The override replaces this text for players of this locale. Pages show it within seconds; a browser that already
        loaded the texts sees it after its five-minute cache.
      </Hint>
      <TextInput source="text" label="Override" multiline fullWidth validate={required()} />
    </DocumentEdit>
  );
}

export const contentTranslations = {
  name: RESOURCE,
  list: TranslationList,
  edit: TranslationEdit,
  options: { label: 'Translations' },
};
