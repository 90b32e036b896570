import {
  useId,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { ApiError, ApiNetworkError } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { formatMoney, type CurrencyInfo } from '../lib/money';
import { reportValidationErrors } from '../lib/telemetry';
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

type FormOptions = {
  /**
   * Read the values from the form itself on submit (inputs left uncontrolled), so what was
   * typed before the page became interactive counts too.
   */
  readForm?: boolean;
  /** Error codes cleared on any change besides the field's own and `base` (e.g. `captcha`). */
  clears?: readonly string[];
  /** Turns the server's codes of a failed call into the ones shown. */
  mapErrors?: (found: FieldErrors) => FieldErrors;
  /**
   * The form's name in the telemetry (`registration`, `login` …): a refused submit is reported,
   * each field's first code once (docs/telemetry.md "The page"). Without it nothing is reported.
   */
  report?: string;
};

/** The values of a form as they stand in it (checkboxes as booleans); fields it lacks keep theirs. */
function readValues<T extends Record<string, unknown>>(form: HTMLFormElement, values: T): T {
  const current = { ...values };
  for (const key of Object.keys(current) as Array<keyof T & string>) {
    const field = form.elements.namedItem(key);
    if (field instanceof HTMLInputElement)
      current[key] = (field.type === 'checkbox' ? field.checked : field.value) as T[typeof key];
    else if (field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)
      current[key] = field.value as T[typeof key];
  }
  return current;
}

/** A form's values, field errors and busy state, and its submit handler. */
export function useForm<T extends Record<string, unknown>>(initial: T, options: FormOptions = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof T & string>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({
      ...e,
      [key]: undefined,
      base: undefined,
      ...Object.fromEntries((options.clears ?? []).map((code) => [code, undefined])),
    }));
  };

  /** Checks the rules first (focusing the first wrong field), then calls; the server's codes land on their fields. */
  const submit =
    (validate: (v: T) => FieldErrors, call: (v: T) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      let current = values;
      if (options.readForm) {
        current = readValues(form, values);
        setValues(current);
      }
      const found = validate(current);
      setErrors(found);
      if (hasErrors(found)) {
        if (options.report) reportValidationErrors(options.report, found, 'client');
        const first = Object.keys(found).find((key) => found[key]);
        form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      setBusy(true);
      try {
        await call(current);
      } catch (error) {
        const codes = errorCodeOf(error);
        // The server's 422 field codes are reported as it sent them (not as renamed for the page).
        if (options.report && error instanceof ApiError && error.status === 422)
          reportValidationErrors(options.report, codes, 'server');
        setErrors(options.mapErrors ? options.mapErrors(codes) : codes);
      } finally {
        setBusy(false);
      }
    };
  return { values, setValues, set, errors, setErrors, busy, submit };
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

/** A labelled text area (a message), same error wiring as Field; uncontrolled unless `value` is given. */
export function TextAreaField({
  name,
  label,
  error,
  note,
  ...area
}: { name: string; label: string; error?: string | undefined; note?: ReactNode } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name'
>) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const described = [error ? errorId : null, note ? noteId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className="field__input field__input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...area}
      />
      {note ? (
        <p id={noteId} className="field__hint">
          {note}
        </p>
      ) : null}
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

/**
 * A new password and its confirmation (registration, password reset, the profile's password
 * change). Uncontrolled unless `values` is given.
 */
export function NewPasswordFields({
  label,
  errors,
  values,
  onChange,
}: {
  label: string;
  errors: FieldErrors;
  values?: { password: string; password_confirmation: string };
  onChange: (field: 'password' | 'password_confirmation', value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <Field
        name="password"
        type="password"
        autoComplete="new-password"
        label={label}
        {...(values ? { value: values.password } : {})}
        onChange={(e) => onChange('password', e.target.value)}
        error={errors.password}
      />
      <Field
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        label={t('auth.passwordConfirmation')}
        {...(values ? { value: values.password_confirmation } : {})}
        onChange={(e) => onChange('password_confirmation', e.target.value)}
        error={errors.password_confirmation}
      />
    </>
  );
}

/** A form-level message: an error (role=alert) or a notice (role=status). */
export function Notice({ kind, children }: { kind: 'error' | 'info'; children: ReactNode }) {
  return (
    <p className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

/**
 * A labelled input whose message is already text (the cashbox's messages carry values, e.g.
 * limits), with an optional hint; both tied to the input.
 */
export function TextField({
  label,
  error,
  hint,
  ...input
}: {
  label: string;
  error?: string | null | undefined;
  hint?: string | undefined;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The amount input of a money form (deposit, withdrawal, the withdrawal link's page), the
 * method's limits as its hint (`limitsText`: the wording of the form's limits).
 */
export function AmountField({
  currency,
  value,
  onChange,
  error,
  limits,
  limitsText = 'cashbox.limits',
}: {
  currency: CurrencyInfo;
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
  limits: { min: number; max: number };
  limitsText?: 'cashbox.limits' | 'withdrawal.limits';
}) {
  const { t, locale } = useI18n();
  return (
    <TextField
      label={t('cashbox.amount', { currency: currency.code })}
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={t(limitsText, {
        min: formatMoney(limits.min, currency, locale),
        max: formatMoney(limits.max, currency, locale),
      })}
    />
  );
}
