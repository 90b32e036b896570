/**
 * CMS pages per slug, licence and locale: the list (filtered by locale, licence and slug), the
 * Markdown editor with the page as the site will show it beside it (the server's preview: its
 * HTML is the CMS's small markdown rendered with everything else escaped), the page's json
 * checked as JSON before a save, create and delete.
 */
import { useEffect, useState } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import {
  BooleanInput,
  Datagrid,
  DateField,
  FormDataConsumer,
  List,
  NumberField,
  NumberInput,
  SelectInput,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { LICENCES, type CmsPage } from '@orbit/contracts';
import { api } from '../api';
import { documentOfForm, localeChoices, type FormValues } from './documents';
import { documentPages } from './shared';

const RESOURCE = 'content_pages';
const licenceChoices = [{ id: '-', name: 'every licence' }, ...LICENCES.map((l) => ({ id: l, name: l }))];

const filters = [
  <SelectInput key="locale" source="locale" choices={localeChoices} alwaysOn emptyText="All" />,
  <SelectInput key="licence" source="licence" choices={licenceChoices} alwaysOn emptyText="All" />,
  <TextInput key="slug" source="slug" label="Slug" alwaysOn />,
];

export function PageList() {
  return (
    <List filters={filters} exporter={false} title="Pages" sort={{ field: 'id', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="slug" sortable={false} />
        <TextField source="licence" sortable={false} emptyText="every licence" />
        <TextField source="locale" sortable={false} />
        <TextField source="label" label="Title" sortable={false} />
        <NumberField source="version" sortable={false} />
        <DateField source="updated_at" label="Changed" showTime sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}

/** Waits this long after the last keystroke before asking for a preview. */
const PREVIEW_DELAY_MS = 400;

/**
 * The page as `GET /api/cms/pages/:slug` will answer it once saved, drawn from the server's HTML
 * (escaped markdown: safe to show as it is).
 */
function PagePreview({ values }: { values: FormValues }) {
  const [page, setPage] = useState<CmsPage | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const check = documentOfForm('pages', values);
  const request = check.ok
    ? JSON.stringify({
        slug: String(values.slug ?? '').trim(),
        licence: String(values.licence ?? '').trim() || null,
        locale: values.locale,
        ...check.document,
      })
    : undefined;
  useEffect(() => {
    if (!request) return;
    let live = true;
    const timer = setTimeout(() => {
      api<CmsPage>('POST', '/content/pages/preview', JSON.parse(request))
        .then((answer) => {
          if (!live) return;
          setPage(answer);
          setProblem(undefined);
        })
        .catch((error: unknown) => live && setProblem(error instanceof Error ? error.message : 'no preview'));
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [request]);
  return (
    <Paper variant="outlined" component="section" aria-label="Preview" sx={{ p: 2, flex: 1, minWidth: 300 }}>
      <Typography variant="overline">Preview</Typography>
      {!check.ok && <Typography color="warning.main">Fix the form to see the preview.</Typography>}
      {problem && <Typography color="error">{problem}</Typography>}
      {page && (
        <article data-testid="page-preview">
          <Typography variant="h5" component="h1">
            {page.title}
          </Typography>
          {/* The server's render of the markdown: everything but the CMS's few tags is escaped (docs/cms.md). */}
          <div dangerouslySetInnerHTML={{ __html: page.content }} />
        </article>
      )}
    </Paper>
  );
}

function PageFields({ creating = false }: { creating?: boolean }) {
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput source="slug" validate={required()} readOnly={!creating} />
        <SelectInput
          source="licence"
          choices={LICENCES.map((l) => ({ id: l, name: l }))}
          emptyText="every licence"
          readOnly={!creating}
        />
        <SelectInput source="locale" choices={localeChoices} validate={required()} readOnly={!creating} />
      </Box>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="seo_title" label="Browser title" helperText="Empty: the title with “ | Orbit”" fullWidth />
      <TextInput source="description" multiline fullWidth />
      <TextInput source="keywords" fullWidth />
      <Box sx={{ display: 'flex', gap: 2, width: '100%', alignItems: 'stretch', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 300 }}>
          <TextInput
            source="markdown"
            label="Text (Markdown)"
            multiline
            minRows={16}
            fullWidth
            helperText="Headings (#), paragraphs, lists (-), **bold**, *emphasis*, [links](/path)"
          />
        </Box>
        <FormDataConsumer>{({ formData }) => <PagePreview values={formData as FormValues} />}</FormDataConsumer>
      </Box>
      <TextInput source="categories_text" label="Categories" helperText="Comma-separated" fullWidth />
      <TextInput
        source="json_text"
        label="Settings (JSON object)"
        multiline
        minRows={4}
        fullWidth
        sx={{ fontFamily: 'monospace' }}
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <NumberInput source="position" />
        <BooleanInput source="enabled" label="Shown on the site" />
      </Box>
    </>
  );
}

const pages = documentPages({
  resource: RESOURCE,
  title: 'Page',
  Fields: PageFields,
  defaultValues: { locale: 'en', licence: '', json_text: '{}', markdown: '', position: 0, enabled: true },
  createHint: 'A page is named by its slug, licence and locale: another page with the same three is not overwritten.',
});

export const contentPages = {
  name: RESOURCE,
  list: PageList,
  ...pages,
  options: { label: 'Pages' },
};
