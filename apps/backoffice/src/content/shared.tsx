/**
 * What every content screen shares: the edit page with its conflict notice and its Versions panel
 * (each version with its operator and time, and "Restore this version"), the save and delete
 * that carry the version the form was made from, and the form's own check before a save.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  Create,
  DeleteButton,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
} from 'react-admin';
import { ApiError } from '../api';
import { contentDataProvider, formErrors, WHOLE, type ContentVersionRow } from './dataProvider';
import { documentOfForm, isContentResource, localeChoices, CONTENT_RESOURCES, type FormValues } from './documents';

/** The form's own check with the kind's contract: the same codes the server would answer, under their inputs. */
export const validateDocument = (resource: keyof typeof CONTENT_RESOURCES) => (values: FormValues) => {
  const check = documentOfForm(CONTENT_RESOURCES[resource], values);
  return check.ok ? {} : nest(formErrors(check.errors));
};

/** `{'button.url': 'unsafe_url'}` → `{button: {url: 'unsafe_url'}}`: react-admin reads errors shaped as the values. */
function nest(flat: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = message;
  }
  return out;
}

export const CONFLICT_TEXT =
  'Someone else changed this since you opened it. Reload to see their version, then make your change again.';

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** An edit page that says so when a colleague's change came first, and lists the versions below the form. */
export function ContentEdit({ children, title }: { children: ReactNode; title: string }) {
  const [conflict, setConflict] = useState(false);
  const notify = useNotify();
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={false}
      // The record changes only by the operator's own act (a save, a restore, the conflict's
      // reload): a refetch in the background would reset the form under their typing, and taking
      // a colleague's newer version silently would hide the conflict the save must report.
      queryOptions={{ refetchOnWindowFocus: false, refetchOnReconnect: false }}
      mutationOptions={{
        onSuccess: () => {
          setConflict(false);
          notify('Saved: a new version.', { type: 'success' });
        },
        onError: (error: unknown) => {
          if (isConflict(error)) setConflict(true);
          else notify(error instanceof Error ? error.message : 'The change was not saved.', { type: 'error' });
        },
      }}
      aside={<VersionsPanel onConflict={() => setConflict(true)} />}
    >
      {conflict && <ConflictNotice onReload={() => setConflict(false)} />}
      <WhenWhole>{children}</WhenWhole>
    </Edit>
  );
}

/** The form only once the entity itself is read (not the list's row shown while it loads). */
function WhenWhole({ children }: { children: ReactNode }) {
  const record = useRecordContext<FormValues>();
  if (!record?.[WHOLE]) return <Typography sx={{ p: 2 }}>Loading…</Typography>;
  return <>{children}</>;
}

function ConflictNotice({ onReload }: { onReload: () => void }) {
  const refresh = useRefresh();
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ m: 2 }}
      action={
        <MuiButton
          color="inherit"
          size="small"
          onClick={() => {
            onReload();
            refresh();
          }}
        >
          Reload
        </MuiButton>
      }
    >
      {CONFLICT_TEXT}
    </Alert>
  );
}

/** Save, and delete with the version the form was made from (a colleague's change first: a conflict, nothing deleted). */
export function ContentToolbar({ deletable = true }: { deletable?: boolean }) {
  const notify = useNotify();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && (
        <DeleteButton
          mutationMode="pessimistic"
          mutationOptions={{
            onError: (error: unknown) =>
              notify(isConflict(error) ? CONFLICT_TEXT : error instanceof Error ? error.message : 'Not deleted.', {
                type: 'error',
              }),
          }}
        />
      )}
    </Toolbar>
  );
}

const who = (operatorId: number | null) => (operatorId === null ? 'the seed' : `operator #${operatorId}`);
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The entity's versions, newest first. "Restore this version" writes that version's document as
 * the next version (history is never rewritten); it names the version on screen as its base, so
 * a change nobody here has seen yet is a conflict, not lost.
 */
export function VersionsPanel({ onConflict }: { onConflict: () => void }) {
  const record = useRecordContext<FormValues & { id: string }>();
  const resource = useResourceContext();
  const refresh = useRefresh();
  const notify = useNotify();
  const [versions, setVersions] = useState<ContentVersionRow[] | undefined>();
  const [busy, setBusy] = useState(false);
  const id = record?.id;
  const current = record?.version;

  const load = useCallback(async () => {
    if (!id || !resource || !isContentResource(resource)) return;
    setVersions((await contentDataProvider.versions(resource, id)).data);
  }, [id, resource]);
  // Again after every save or restore: the record's version changes then.
  useEffect(() => {
    load().catch(() => setVersions([]));
  }, [load, current]);

  if (!record || !resource || !isContentResource(resource)) return null;
  const restore = async (version: number) => {
    setBusy(true);
    try {
      const entry = await contentDataProvider.revert(resource, record.id, version, record.version);
      notify(`Version ${version} restored as version ${entry.version}.`, { type: 'success' });
      refresh();
    } catch (error) {
      if (isConflict(error)) onConflict();
      else notify(error instanceof Error ? error.message : 'Not restored.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ ml: 2, minWidth: 340, alignSelf: 'flex-start' }} component="section" aria-label="Versions">
      <CardContent>
        <Typography variant="h6" component="h2">
          Versions
        </Typography>
        {versions === undefined ? (
          <Typography variant="body2">Loading…</Typography>
        ) : versions.length === 0 ? (
          <Typography variant="body2">No versions yet: the first save makes version 1.</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Version</TableCell>
                <TableCell>By</TableCell>
                <TableCell>Time</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {versions.map((v) => (
                <TableRow key={v.version} data-version={v.version}>
                  <TableCell>{v.version}</TableCell>
                  <TableCell>{who(v.operator_id)}</TableCell>
                  <TableCell>{when(v.created_at)}</TableCell>
                  <TableCell>
                    {v.document === null ? (
                      'deleted'
                    ) : v.version === record.version ? (
                      'current'
                    ) : (
                      <MuiButton size="small" disabled={busy} onClick={() => void restore(v.version)}>
                        Restore this version
                      </MuiButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** A hint under a group of inputs. */
export const Hint = ({ children }: { children: ReactNode }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  </Box>
);

/** The list filters of the documents kept per locale: the locale and a search over their names and texts. */
export const localeFilters = [
  <SelectInput key="locale" source="locale" choices={localeChoices} alwaysOn emptyText="All" />,
  <TextInput key="q" source="q" label="Search" alwaysOn />,
];

type ContentResource = keyof typeof CONTENT_RESOURCES;

/** A document's edit page: the form checked by its kind's contract, saved with the version it was made from. */
export function DocumentEdit({
  resource,
  title,
  toolbar = <ContentToolbar />,
  children,
}: {
  resource: ContentResource;
  title: string;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ContentEdit title={title}>
      <SimpleForm validate={validateDocument(resource)} toolbar={toolbar}>
        {children}
      </SimpleForm>
    </ContentEdit>
  );
}

/** A new document's page: the same check, then its edit page (where its versions start). */
export function DocumentCreate({
  resource,
  title,
  defaultValues,
  children,
}: {
  resource: ContentResource;
  title: string;
  defaultValues: FormValues;
  children: ReactNode;
}) {
  return (
    <Create title={title} redirect="edit">
      <SimpleForm validate={validateDocument(resource)} defaultValues={defaultValues}>
        {children}
      </SimpleForm>
    </Create>
  );
}

/**
 * The edit and create pages of a kind of document whose form is `Fields` (told when it is a new
 * document: its names can be typed only then).
 */
export function documentPages({
  resource,
  title,
  Fields,
  defaultValues,
  createHint,
}: {
  resource: ContentResource;
  title: string;
  Fields: (props: { creating?: boolean }) => ReactNode;
  defaultValues: FormValues;
  createHint?: string;
}) {
  const edit = () => (
    <DocumentEdit resource={resource} title={title}>
      <Fields />
    </DocumentEdit>
  );
  const create = () => (
    <DocumentCreate resource={resource} title={`New ${title.toLowerCase()}`} defaultValues={defaultValues}>
      {createHint && <Hint>{createHint}</Hint>}
      <Fields creating />
    </DocumentCreate>
  );
  return { edit, create };
}
