/**
 * What the loyalty screens share: a save that checks the body with the server's own contract
 * before sending it (the codes the server would answer, under their inputs), the server's 422
 * codes under the same inputs, and the list's one-click actions.
 */
import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import {
  Create,
  Edit,
  SimpleForm,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import { issuesToErrors } from '@orbit/contracts';
import type { ZodType } from 'zod';
import { ApiError } from '../api';

export const failure = (error: unknown) => (error instanceof Error ? error.message : 'The change failed');

/** `{'rates.0.points': ['too_big']}` → `{rates: [{points: 'too_big'}]}`: errors shaped as the form's values. */
export function formErrors(flat: Record<string, string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, codes] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = codes.join(', ');
  }
  return out;
}

/** "a, b c" → ['a', 'b', 'c']. */
export const listOf = (text: unknown) =>
  String(text ?? '')
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** Whole numbers typed as a list ("257, 258"): a word that is no number is kept, so the contract refuses it. */
export const numbersOf = (text: unknown) => listOf(text).map((part) => (/^-?\d+$/.test(part) ? Number(part) : part));

/**
 * The form's submit: `toBody` makes the request, `schema` (the server's contract) checks it, then
 * `send` writes it; on success a notice and the list of `resource`, else the codes under the inputs.
 */
export type SaveOptions<T> = {
  schema: ZodType<T>;
  toBody: (values: Record<string, unknown>) => unknown;
  send: (body: T, values: Record<string, unknown>) => Promise<unknown>;
  saved: string;
  resource?: string;
  /** The input an error's path belongs to, when the form holds a value differently (a record typed as one line). */
  fieldOf?: (path: string) => string;
};

export function useContractSave<T>(options: SaveOptions<T>) {
  const notify = useNotify();
  const redirect = useRedirect();
  const shown = (errors: Record<string, string[]>) => {
    const fieldOf = options.fieldOf ?? ((path: string) => path);
    return formErrors(Object.fromEntries(Object.entries(errors).map(([path, codes]) => [fieldOf(path), codes])));
  };
  return async (values: Record<string, unknown>) => {
    const checked = options.schema.safeParse(options.toBody(values));
    if (!checked.success) {
      const errors = issuesToErrors(checked.error.issues);
      notify(new ApiError(422, errors).message, { type: 'error' });
      return shown(errors);
    }
    try {
      await options.send(checked.data, values);
      notify(options.saved, { type: 'success' });
      if (options.resource) redirect('list', options.resource);
      return undefined;
    } catch (error) {
      notify(failure(error), { type: 'error' });
      return error instanceof ApiError ? shown(error.errors) : undefined;
    }
  };
}

/** A one-click write from a list or a page (`POST`/`PUT` `path`), its notice, and the page read again. */
export function ActionButton({
  label,
  call,
  done,
  color = 'primary',
}: {
  label: string;
  call: () => Promise<unknown>;
  done: string;
  color?: 'primary' | 'warning' | 'success';
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Button
      size="small"
      variant="outlined"
      color={color}
      onClick={async (event) => {
        event.stopPropagation();
        try {
          await call();
          notify(done, { type: 'success' });
        } catch (error) {
          notify(failure(error), { type: 'error' });
        }
        refresh();
      }}
    >
      {label}
    </Button>
  );
}

type EditProps<R extends RaRecord, T> = {
  /** The form's values from the record (lists typed as one line and the like). */
  toForm: (record: R) => Record<string, unknown>;
  save: (record: R) => SaveOptions<T>;
  children: ReactNode;
  /** What follows the form on the page (a manager's players). */
  after?: (record: R) => ReactNode;
};

function FilledForm<R extends RaRecord, T>({ record, toForm, save, children, after }: EditProps<R, T> & { record: R }) {
  const submit = useContractSave(save(record));
  return (
    <>
      <SimpleForm record={{ id: record.id, ...toForm(record) }} onSubmit={submit}>
        {children}
      </SimpleForm>
      {after?.(record)}
    </>
  );
}

function RecordForm<R extends RaRecord, T>(props: EditProps<R, T>) {
  const record = useRecordContext<R>();
  return record ? <FilledForm record={record} {...props} /> : null;
}

/** A record's edit page: read, shown in the form, saved through the contract (pessimistic: the server's answer counts). */
export function ContractEdit<R extends RaRecord, T>({ title, ...props }: EditProps<R, T> & { title: string }) {
  return (
    <Edit mutationMode="pessimistic" title={title} actions={false}>
      <RecordForm {...props} />
    </Edit>
  );
}

/** A new record's page: the form, saved through the contract. */
export function ContractCreate<T>({
  title,
  save,
  defaultValues,
  children,
}: {
  title: string;
  save: SaveOptions<T>;
  defaultValues?: Record<string, unknown>;
  children: ReactNode;
}) {
  const submit = useContractSave(save);
  return (
    <Create title={title}>
      <SimpleForm onSubmit={submit} defaultValues={defaultValues}>
        {children}
      </SimpleForm>
    </Create>
  );
}
