/**
 * Bonuses (docs/backoffice.md "Bonuses"): the templates with their usage, a new template and a
 * change of one (`bonuses.manage`), switched off and on, cloned under a new key; and the grant of
 * a template to players by id or to a player group (`bonuses.grant`, BonusGrants.tsx).
 */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField as Field } from '@mui/material';
import {
  CreateButton,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
} from 'react-admin';
import { Link } from 'react-router';
import type { BackofficeBonusTemplate } from '@orbit/contracts';
import { api, ApiError } from '../api';
import { BonusGrants } from './BonusGrants';
import { kindChoices, TemplateForm, toForm, toRequest, type TemplateFormValues } from './TemplateForm';

const filters = [
  <SearchInput key="q" source="q" placeholder="Key, title or code" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn emptyText="All kinds" />,
  <SelectInput
    key="enabled"
    source="enabled"
    label="Enabled"
    choices={[
      { id: 'true', name: 'Enabled' },
      { id: 'false', name: 'Disabled' },
    ]}
    alwaysOn
    emptyText="All"
  />,
];

const failure = (error: unknown) => (error instanceof Error ? error.message : 'The change failed');

/** Off (offered to nobody, bonuses given go on) or on again. */
function EnableButton() {
  const template = useRecordContext<BackofficeBonusTemplate>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!template) return null;
  const action = template.enabled ? 'disable' : 'enable';
  return (
    <Button
      size="small"
      variant="outlined"
      color={template.enabled ? 'warning' : 'success'}
      aria-label={`${template.enabled ? 'Disable' : 'Enable'} ${template.key}`}
      onClick={async (event) => {
        event.stopPropagation();
        try {
          await api('POST', `/bonus_templates/${template.id}/${action}`);
          notify(`${template.key} ${action}d`, { type: 'success' });
        } catch (error) {
          notify(failure(error), { type: 'error' });
        }
        refresh();
      }}
    >
      {template.enabled ? 'Disable' : 'Enable'}
    </Button>
  );
}

/** A copy under a new key (and its own code, or none), disabled until switched on. */
function CloneButton() {
  const template = useRecordContext<BackofficeBonusTemplate>();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  if (!template) return null;
  const clone = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    try {
      const copy = await api<BackofficeBonusTemplate>('POST', `/bonus_templates/${template.id}/clone`, {
        key: String(form.get('key') ?? '').trim(),
        code: code || null,
      });
      notify(`Cloned as ${copy.key} (disabled)`, { type: 'success' });
      setOpen(false);
      redirect('edit', 'bonus_templates', copy.id);
    } catch (error) {
      notify(failure(error), { type: 'error' });
    }
  };
  return (
    <>
      <Button
        size="small"
        aria-label={`Clone ${template.key}`}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        Clone
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(event) => event.stopPropagation()}>
        <form onSubmit={clone}>
          <DialogTitle>{`Clone ${template.key}`}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Field name="key" label="New key" defaultValue={`${template.key}-copy`} required autoFocus />
              <Field name="code" label="Its code (optional)" />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="contained">
              Clone
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <Button component={Link} to="/backoffice/bonus_grants">
        Grant a bonus
      </Button>
      <CreateButton />
    </TopToolbar>
  );
}

const usage = (t: BackofficeBonusTemplate) =>
  `${t.usage.issued} issued · ${t.usage.activated} activated${t.usage.redeemed === null ? '' : ` · ${t.usage.redeemed} redeemed`}`;

export function BonusTemplateList() {
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={50}
      title="Bonus templates"
    >
      <Datagrid bulkActionButtons={false} rowClick="edit">
        <TextField source="id" sortable={false} />
        <TextField source="kind" sortable={false} />
        <TextField source="key" sortable={false} />
        <TextField source="title" sortable={false} />
        <TextField source="code" sortable={false} emptyText="—" />
        <FunctionField
          label="Enabled"
          render={(t: BackofficeBonusTemplate) => (t.enabled ? 'Enabled' : 'Disabled')}
          sortable={false}
        />
        <FunctionField label="Usage" render={usage} sortable={false} />
        <FunctionField
          label="Actions"
          render={() => (
            <Stack direction="row" spacing={1}>
              <EnableButton />
              <CloneButton />
            </Stack>
          )}
        />
      </Datagrid>
    </List>
  );
}

export function BonusTemplateCreate() {
  return (
    <Create transform={(values: TemplateFormValues) => toRequest(values)} redirect="list" title="New bonus template">
      <TemplateForm defaultValues={{ kind: 'deposit', terms: [{ currency: 'EUR' }] }} />
    </Create>
  );
}

/** The server's field codes as the form shows them under its fields (the notification says all). */
const fieldErrors = (error: ApiError) =>
  Object.fromEntries(Object.entries(error.errors).map(([field, codes]) => [field, codes.join(', ')]));

function EditForm() {
  const template = useRecordContext<BackofficeBonusTemplate>();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!template) return null;
  // The whole template but its key (PUT): the key names it for good.
  const save = async (values: Record<string, unknown>) => {
    const { key: _key, ...body } = toRequest(values as TemplateFormValues);
    try {
      await api('PUT', `/bonus_templates/${template.id}`, body);
      notify('Template saved', { type: 'success' });
      redirect('list', 'bonus_templates');
      return undefined;
    } catch (error) {
      notify(failure(error), { type: 'error' });
      return error instanceof ApiError ? fieldErrors(error) : undefined;
    }
  };
  return <TemplateForm existing record={toForm(template)} onSubmit={save} />;
}

export function BonusTemplateEdit() {
  return (
    <Edit mutationMode="pessimistic" title="Bonus template" actions={false}>
      <EditForm />
    </Edit>
  );
}

export const bonusTemplates = {
  name: 'bonus_templates',
  list: BonusTemplateList,
  create: BonusTemplateCreate,
  edit: BonusTemplateEdit,
  options: { label: 'Bonus templates' },
};

export const bonusGrants = {
  name: 'bonus_grants',
  list: BonusGrants,
  options: { label: 'Bonus grants' },
};
