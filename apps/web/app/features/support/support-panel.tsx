/**
 * The support chat's panel (docs/rules/page-shell.md "Support chat"): a dialog over the page,
 * floating at the bottom right of a wide screen, the whole screen of a phone. The conversation
 * oldest first with each message's time, the line that a closed conversation was closed, the
 * text box (Enter sends, Shift+Enter a new line; the contract's rule checks it first), the VIP
 * player's personal manager, and for a visitor the chat code that carries the conversation to
 * another device. Escape or the close button close it and give the focus back to what opened it.
 * Loaded on the first opening only: the contract's rules (zod) come with it.
 */
import { supportBodySchema, supportRestoreIdSchema, SUPPORT_MESSAGE_MAX_LENGTH } from '@orbit/contracts';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useI18n, type TFunction } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { ManagerPanel, useManager } from '../../lib/shell-loyalty';
import { check, errorCodeOf } from '../../ui/form';
import { isClosed, messageTime } from './rules';
import { loadThread, markSeen, restoreChat, restoreId, sendMessage, useThread } from './thread';
import './chat.css';

/** A failed call's message: the chat's own words for its codes, else the site's. */
function errorText(t: TFunction, scope: 'errors' | 'restore.errors', code: string): string {
  return t(
    `support.${scope}.${code}`,
    { max: SUPPORT_MESSAGE_MAX_LENGTH },
    t(`errors.${code}`, undefined, t('errors.unknown')),
  );
}

/** `onClose(refocus)`: closes the chat (the page's state); `panelId`: the id the buttons point at. */
export default function SupportPanel({ panelId, onClose }: { panelId: string; onClose: (refocus?: boolean) => void }) {
  const { t } = useI18n();
  const titleId = useId();
  const { player } = useSession();
  const manager = useManager(player ? player.groups : null);
  const { thread, status, owner } = useThread();
  // Escape closes the chat, unless a modal lies over the page (the modal takes it).
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !document.body.classList.contains('has-modal')) onClose(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  // Answers shown while the chat is open are seen.
  const unread = thread?.unread ?? 0;
  useEffect(() => {
    if (status === 'ready' && unread > 0) void markSeen();
  }, [status, unread]);
  const visitor = thread ? thread.visitor : owner === 'visitor';
  return (
    <section id={panelId} className="support-chat" role="dialog" aria-labelledby={titleId} data-testid="support-chat">
      <header className="support-chat__head">
        <h2 id={titleId} className="support-chat__title">
          {t('support.chat.title')}
        </h2>
        <button
          type="button"
          className="support-chat__close"
          aria-label={t('support.chat.close')}
          onClick={() => onClose(true)}
        >
          ×
        </button>
      </header>
      <div className="support-chat__body">
        {manager ? <ManagerPanel manager={manager} /> : null}
        <Conversation />
        {status === 'failed' && !thread ? (
          <p className="support-chat__note" role="alert">
            {t('support.chat.loadFailed')}{' '}
            <button
              type="button"
              className="button button--ghost"
              onClick={() => owner !== null && void loadThread(owner)}
            >
              {t('support.chat.retry')}
            </button>
          </p>
        ) : null}
        {visitor ? <ContinueElsewhere /> : null}
      </div>
      <Composer />
    </section>
  );
}

/** The messages, oldest first, scrolled to the newest; the closed line; a word while it loads or is empty. */
function Conversation() {
  const { t, locale } = useI18n();
  const { thread, status } = useThread();
  const list = useRef<HTMLOListElement>(null);
  const messages = thread?.messages ?? [];
  const last = messages.at(-1)?.id;
  useLayoutEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last]);
  if (!thread) {
    return status === 'loading' || status === 'idle' ? (
      <p className="support-chat__note">{t('support.chat.loading')}</p>
    ) : null;
  }
  return (
    <>
      {messages.length === 0 ? <p className="support-chat__note">{t('support.chat.intro')}</p> : null}
      <ol className="support-chat__messages" ref={list} aria-label={t('support.chat.messages')}>
        {messages.map((message) => (
          <li
            key={message.id}
            className={`support-chat__message support-chat__message--${message.author}`}
            data-testid={`support-message-${message.author}`}
          >
            <span className="visually-hidden">
              {message.author === 'player' ? t('support.chat.you') : t('support.chat.support')}:{' '}
            </span>
            <p className="support-chat__text">{message.body}</p>
            <time className="support-chat__time" dateTime={message.created_at}>
              {messageTime(message.created_at, locale)}
            </time>
          </li>
        ))}
      </ol>
      {isClosed(thread) ? (
        <p className="support-chat__closed" role="status" data-testid="support-closed">
          {t('support.chat.closed')}
        </p>
      ) : null}
    </>
  );
}

/** The text box and Send: the contract's rule first, then the server's word (422 codes, 429, network). */
function Composer() {
  const { t } = useI18n();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The focus goes into the panel as it opens: to the text box.
  useEffect(() => box.current?.focus(), []);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !box.current) return;
    const code = check(supportBodySchema, box.current.value);
    if (code) {
      setError(code);
      box.current.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await sendMessage(box.current.value.trim());
      box.current.value = '';
    } catch (failure) {
      const codes = errorCodeOf(failure);
      setError(codes.body ?? codes.base ?? 'unknown');
    } finally {
      setBusy(false);
      box.current?.focus();
    }
  };
  // Enter sends; Shift+Enter (or Enter while composing a character) writes a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };
  return (
    <form className="support-chat__composer" onSubmit={submit} noValidate>
      <label htmlFor={id} className="support-chat__label">
        {t('support.chat.messageLabel')}
      </label>
      <div className="support-chat__row">
        <textarea
          id={id}
          ref={box}
          name="body"
          rows={2}
          className="field__input support-chat__box"
          placeholder={t('support.chat.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onKeyDown={onKeyDown}
          onInput={() => error && setError(null)}
        />
        <button type="submit" className="button button--primary support-chat__send" disabled={busy}>
          {busy ? t('support.chat.sending') : t('support.chat.send')}
        </button>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('support.chat.hint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert" data-testid="support-error">
          {errorText(t, 'errors', error)}
        </p>
      ) : null}
    </form>
  );
}

/**
 * A visitor's chat on another device: this device's chat code (`POST /restore-id/get`, asked
 * when the part is unfolded) and a field for the code of another device (`POST /restore-id/set`),
 * after which that conversation is the one shown here.
 */
function ContinueElsewhere() {
  const { t } = useI18n();
  const id = useId();
  const [code, setCode] = useState<string | null | undefined>(undefined);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { thread } = useThread();
  const conversationId = thread?.conversation?.id ?? null;
  const [open, setOpen] = useState(false);
  // Asked when unfolded, and again when the conversation changes (the first message gives the code).
  useEffect(() => {
    if (!open) return;
    let live = true;
    restoreId().then(
      (found) => live && setCode(found),
      () => live && setCode(null),
    );
    return () => {
      live = false;
    };
  }, [open, conversationId]);
  const copy = () => {
    if (!code) return;
    void navigator.clipboard?.writeText(code).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = input.current?.value.trim() ?? '';
    const found = check(supportRestoreIdSchema, value);
    if (found) {
      setError(found);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await restoreChat(value);
      setDone(true);
      if (input.current) input.current.value = '';
    } catch (failure) {
      const codes = errorCodeOf(failure);
      setError(codes.restore_id ?? codes.base ?? 'unknown');
    } finally {
      setBusy(false);
    }
  };
  return (
    <details
      className="support-chat__elsewhere"
      data-testid="support-restore"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{t('support.restore.title')}</summary>
      <p className="support-chat__note">{t('support.restore.text')}</p>
      {code ? (
        <div className="support-chat__code">
          <span className="support-chat__code-label">{t('support.restore.code')}</span>
          <code data-testid="support-restore-code">{code}</code>
          <button type="button" className="button button--ghost" onClick={copy}>
            {copied ? t('support.restore.copied') : t('support.restore.copy')}
          </button>
        </div>
      ) : code === null ? (
        <p className="support-chat__note">{t('support.restore.none')}</p>
      ) : null}
      <form className="support-chat__restore" onSubmit={submit} noValidate>
        <label htmlFor={id} className="support-chat__label">
          {t('support.restore.label')}
        </label>
        <div className="support-chat__row">
          <input
            id={id}
            ref={input}
            name="restore_id"
            className="field__input"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onInput={() => error && setError(null)}
          />
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t('support.restore.submit')}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {errorText(t, 'restore.errors', error)}
          </p>
        ) : null}
        {done ? (
          <p className="support-chat__note" role="status">
            {t('support.restore.done')}
          </p>
        ) : null}
      </form>
    </details>
  );
}
