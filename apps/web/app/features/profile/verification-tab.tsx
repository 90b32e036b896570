import type { DocumentKind, VerificationDocument } from '@orbit/contracts';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_KINDS, DOCUMENT_MAX_BYTES } from '@orbit/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError, AUTH_ERROR_EVENT, browserApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { errorCodeOf, Field, Notice, SelectField, type FieldErrors } from '../../ui/form';
import { OtherErrors, SubmitButton } from './use-form';

/** File input's `accept`: the content types the server takes, and their usual extensions. */
const ACCEPT = [...DOCUMENT_CONTENT_TYPES, '.pdf', '.jpg', '.jpeg', '.png'].join(',');

/** The client-side checks of a document before upload (the server judges the content again). */
export function checkDocument(kind: string, file: { size: number } | null | undefined): FieldErrors {
  return {
    kind: kind ? ((DOCUMENT_KINDS as readonly string[]).includes(kind) ? undefined : 'invalid') : 'required',
    file: !file || file.size === 0 ? 'required' : file.size > DOCUMENT_MAX_BYTES ? 'too_large' : undefined,
  };
}

/**
 * `POST /api/player/documents` as multipart (the JSON client cannot send a file). Same rules as
 * the client: the CSRF header, a 401 fires the auth-error event, a non-2xx is an ApiError.
 */
async function uploadDocument(kind: DocumentKind, file: File): Promise<VerificationDocument> {
  const body = new FormData();
  // The kind first: the server reads the fields before the file's stream.
  body.append('kind', kind);
  body.append('file', file);
  const path = '/api/player/documents';
  const response = await window.fetch(path, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (response.status === 401) window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const errors = (json as { errors?: Record<string, string[]> } | undefined)?.errors ?? {};
    throw new ApiError(response.status, path, errors);
  }
  return json as VerificationDocument;
}

/** The verification tab: upload an identity, address or payment-method document; the list with statuses. */
export function ProfileVerification() {
  const [documents, setDocuments] = useState<VerificationDocument[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setDocuments(await browserApi().get<VerificationDocument[]>('/api/player/documents'));
    } catch (failure) {
      setListError(errorCodeOf(failure).base ?? 'unknown');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="profile-tab">
      <UploadSection onUploaded={load} />
      <DocumentsSection documents={documents} listError={listError} />
    </div>
  );
}

/** A document to upload: its kind and the file (checked before sending). */
function UploadSection({ onUploaded }: { onUploaded: () => Promise<void> }) {
  const { t } = useI18n();
  const [kind, setKind] = useState<string>('identity');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [uploaded, setUploaded] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setUploaded(false);
    const form = event.currentTarget;
    const input = form.elements.namedItem('file');
    const file = input instanceof HTMLInputElement ? (input.files?.[0] ?? null) : null;
    const found = checkDocument(kind, file);
    setErrors(found);
    if (found.kind || found.file || !file) return;
    setBusy(true);
    try {
      await uploadDocument(kind as DocumentKind, file);
      setUploaded(true);
      form.reset();
      await onUploaded();
    } catch (failure) {
      setErrors(errorCodeOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile-card" aria-labelledby="profile-upload">
      <h2 id="profile-upload">{t('profile.verification.upload')}</h2>
      <p className="profile__hint">{t('profile.verification.hint')}</p>
      <form
        className="profile-form"
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <OtherErrors errors={errors} shown={['kind', 'file']} />
        <SelectField
          name="kind"
          label={t('profile.verification.kind')}
          value={kind}
          onChange={(value) => (setKind(value), setErrors((e) => ({ ...e, kind: undefined })))}
          error={errors.kind}
          options={DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`profile.verification.kinds.${k}`) }))}
        />
        <Field
          name="file"
          type="file"
          accept={ACCEPT}
          label={t('profile.verification.file')}
          onChange={() => setErrors((e) => ({ ...e, file: undefined, base: undefined }))}
          error={errors.file}
        />
        {uploaded ? <Notice kind="info">{t('profile.verification.uploaded')}</Notice> : null}
        <SubmitButton busy={busy} label={t('profile.verification.submit')} />
      </form>
    </section>
  );
}

/** The documents sent, with their status (and why one was refused). */
function DocumentsSection({
  documents,
  listError,
}: {
  documents: VerificationDocument[] | null;
  listError: string | null;
}) {
  const { t, locale } = useI18n();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <section className="profile-card" aria-labelledby="profile-documents">
      <h2 id="profile-documents">{t('profile.verification.documents')}</h2>
      {listError ? <Notice kind="error">{t(`errors.${listError}`, undefined, t('errors.unknown'))}</Notice> : null}
      {documents === null ? (
        listError ? null : (
          <p className="profile__loading">{t('common.loading')}</p>
        )
      ) : documents.length === 0 ? (
        <p>{t('profile.verification.none')}</p>
      ) : (
        <ul className="profile-documents" data-testid="profile-documents">
          {documents.map((doc) => (
            <li key={doc.id} className={`profile-document profile-document--${doc.status}`}>
              <strong>{t(`profile.verification.kinds.${doc.kind}`)}</strong>
              <span>{[doc.original_name, when.format(new Date(doc.created_at))].filter(Boolean).join(' · ')}</span>
              <span className="profile-badge" data-status={doc.status}>
                {t(`profile.verification.status.${doc.status}`)}
              </span>
              {doc.reason ? (
                <span className="profile-document__reason">
                  {t('profile.verification.reason', { reason: doc.reason })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
