/** What the reference screens share: the schema check before a save and the error line. */
import { Alert, Button, Stack, TextField } from '@mui/material';
import type { z } from 'zod';
import { ApiError } from '../api';

/** The contract's check (the server checks again): field → codes, or null when the body passes. */
export function checkBody<T>(schema: z.ZodType<T>, body: unknown): { body: T } | { errors: Record<string, string[]> } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { body: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'base'] ??= []).push(issue.message);
  return { errors };
}

export const errorsOf = (error: unknown): Record<string, string[]> =>
  error instanceof ApiError ? error.errors : { base: [error instanceof Error ? error.message : 'failed'] };

export function Errors({ errors }: { errors: Record<string, string[]> | null }) {
  if (!errors || Object.keys(errors).length === 0) return null;
  return (
    <Alert severity="error" role="alert">
      {Object.entries(errors)
        .map(([field, codes]) => `${field}: ${codes.join(', ')}`)
        .join('; ')}
    </Alert>
  );
}

export const when = (at: string | null) => (at ? new Date(at).toLocaleString('en-GB', { timeZone: 'UTC' }) : '—');
/** `changed_by`: an operator's id, `operator-token` or `seed`. */
export const byWhom = (by: string | null) => (by === null ? 'the code' : /^\d+$/.test(by) ? `operator ${by}` : by);

/** The reason typed for a change (optional, kept with it) and the save button. */
export function ReasonAndSave(props: {
  reason: string;
  onReason: (reason: string) => void;
  label: string;
  disabled: boolean;
  onSave: () => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        label="Reason"
        value={props.reason}
        onChange={(event) => props.onReason(event.target.value)}
        sx={{ minWidth: 320 }}
      />
      <Button variant="contained" disabled={props.disabled} onClick={props.onSave}>
        {props.label}
      </Button>
    </Stack>
  );
}
