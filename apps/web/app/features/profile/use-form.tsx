import { useI18n } from '../../lib/i18n';
import { Notice, useForm, type FieldErrors } from '../../ui/form';

/**
 * A profile form's state. The profile is drawn in the browser only (never in the server's
 * HTML), so its inputs can be controlled: nothing is typed before the page is interactive.
 * `rename` turns a server code into a field-specific one (`current_password: invalid` →
 * `wrong_password`), since `errors.invalid` speaks of links.
 */
export function useProfileForm<T extends Record<string, string>>(
  initial: T,
  rename: Record<string, string> = {},
  /** The form's name in the telemetry's validation reports (none without it). */
  report?: string,
) {
  const renamed = (found: FieldErrors): FieldErrors =>
    Object.fromEntries(
      Object.entries(found).map(([field, code]) => [
        field,
        code && rename[`${field}.${code}`] ? rename[`${field}.${code}`] : code,
      ]),
    );
  return useForm(initial, { mapErrors: renamed, ...(report ? { report } : {}) });
}

export function SubmitButton({
  busy,
  label,
  className = 'button button--primary',
}: {
  busy: boolean;
  label: string;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy}>
      {busy ? t('profile.saving') : label}
    </button>
  );
}

/** Errors of fields the form does not draw (base, context ...), as one message. */
export function OtherErrors({ errors, shown }: { errors: FieldErrors; shown: readonly string[] }) {
  const { t } = useI18n();
  const code = Object.entries(errors).find(([field, value]) => value && !shown.includes(field))?.[1];
  return code ? <Notice kind="error">{t(`errors.${code}`, undefined, t('errors.unknown'))}</Notice> : null;
}
