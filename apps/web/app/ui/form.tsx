import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { ApiError, ApiNetworkError } from '../lib/api';
import { useI18n } from '../lib/i18n';
import './form.css';

/** Field name → error code (the server's 422 codes, or the same codes from the shared rules). */
export type FieldErrors = Record<string, string | undefined>;

/** What zod's schemas offer (kept structural so the page does not depend on zod's types). */
type Rule = { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } };

/** The first error code of a value under a shared contract rule; empty text is `required`. */
export function check(rule: Rule | null, value: unknown, required = true): string | undefined {
  if (required && (value === '' || value === undefined || value === null)) return 'required';
  if (!rule) return undefined;
  const result = rule.safeParse(value);
  return result.success ? undefined : (result.error?.issues[0]?.message ?? 'unknown');
}

/** Field errors of a failed call: 422 codes per field (the first one), 429, network; the rest under `base`. */
export function errorCodeOf(error: unknown): FieldErrors {
  if (error instanceof ApiError) {
    if (error.status === 429) return { base: 'too_many_requests' };
    if (error.status === 422) {
      const out: FieldErrors = {};
      for (const [field, codes] of Object.entries(error.errors)) out[field] = codes[0];
      return Object.keys(out).length ? out : { base: 'unknown' };
    }
    return { base: 'unknown' };
  }
  if (error instanceof ApiNetworkError) return { base: 'network' };
  return { base: 'unknown' };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

type FieldProps = {
  name: string;
  label: string;
  error?: string;
  children?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>;

/**
 * A labelled input whose error is tied to it (aria-invalid, aria-describedby). Inputs are
 * left uncontrolled (forms read them on submit), so what was typed before hydration stays.
 */
export function Field({ name, label, error, children, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children ?? (
        <input
          id={id}
          name={name}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
      )}
      <FieldError id={errorId} code={error} />
    </div>
  );
}

/** A labelled select, same error wiring as Field. */
export function SelectField({
  name,
  label,
  value,
  onChange,
  options,
  error,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} code={error} />
    </div>
  );
}

/** A checkbox with its label; errors tied the same way. */
export function CheckField({
  name,
  label,
  checked,
  onChange,
  error,
}: {
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field field--check">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label htmlFor={id}>{label}</label>
      <FieldError id={errorId} code={error} />
    </div>
  );
}

/** The translated error under a field, with the id its input points to. */
function FieldError({ id, code }: { id: string; code: string | undefined }) {
  const { t } = useI18n();
  if (!code) return null;
  return (
    <p id={id} className="field__error">
      {t(`errors.${code}`, undefined, t('errors.unknown'))}
    </p>
  );
}

/** Client-side check of a new password and its confirmation, with the server's codes. */
export function checkNewPassword(
  values: { password: string; password_confirmation: string },
  rule: Rule,
): { password: string | undefined; password_confirmation: string | undefined } {
  return {
    password: check(rule, values.password),
    password_confirmation:
      check(null, values.password_confirmation) ??
      (values.password_confirmation !== values.password ? 'does_not_match' : undefined),
  };
}

/** A form-level message: an error (role=alert) or a notice (role=status). */
export function Notice({ kind, children }: { kind: 'error' | 'info'; children: ReactNode }) {
  return (
    <p className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
