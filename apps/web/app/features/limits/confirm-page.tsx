import type { ConfirmUserLimitResponse } from '@orbit/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { localizePath } from '../../lib/locale';
import { errorCodeOf, Notice } from '../../ui/form';
import { limitErrorKeys } from './limits-rules';
import { limitsApi, loadLimits } from './limits-store';

/** One call per token: the token is single-use, and a second render (Strict Mode) must not spend it again. */
const confirming = new Map<string, Promise<ConfirmUserLimitResponse>>();

type State =
  | { status: 'busy' }
  | { status: 'done'; answer: ConfirmUserLimitResponse }
  | { status: 'failed'; field: string; code: string };

/**
 * `/profile/limits/confirm?token=` (docs/limits.md "Changing a limit"): the link mailed 24 hours
 * after a raise or removal was asked for. Opening it is the player's confirmation (the mail says
 * so): the page sends the token at once, says what changed or why not, and leads back to the
 * limits.
 */
export function LimitConfirmPage({ token }: { token: string | null }) {
  const { t, locale } = useI18n();
  const [state, setState] = useState<State>(
    token ? { status: 'busy' } : { status: 'failed', field: 'token', code: 'required' },
  );
  useEffect(() => {
    if (!token) return;
    let live = true;
    let call = confirming.get(token);
    if (!call) {
      call = limitsApi.confirm(token);
      confirming.set(token, call);
    }
    call.then(
      (answer) => {
        if (!live) return;
        setState({ status: 'done', answer });
        // The list changed: the limits page and the notice read it again.
        void loadLimits(true);
      },
      (error: unknown) => {
        if (!live) return;
        const codes = errorCodeOf(error);
        const [field, code] = Object.entries(codes).find(([, c]) => c) ?? ['base', 'unknown'];
        setState({ status: 'failed', field, code: code ?? 'unknown' });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  let message: string;
  if (state.status === 'busy') message = t('limits.confirm.busy');
  else if (state.status === 'done')
    message = t(`limits.confirm.done.${state.answer.action}`, { type: t(`limits.types.${state.answer.type}.name`) });
  else
    message =
      limitErrorKeys(state.field, state.code)
        .map((key) => t(key, undefined, '\u0000'))
        .find((text) => text !== '\u0000') ?? t('errors.unknown');
  return (
    <section className="profile-card" aria-labelledby="limit-confirm-title" data-testid="limit-confirm">
      <h2 id="limit-confirm-title">{t('limits.confirm.title')}</h2>
      {state.status === 'busy' ? (
        <p role="status">{message}</p>
      ) : (
        <Notice kind={state.status === 'done' ? 'info' : 'error'}>{message}</Notice>
      )}
      <div>
        <Link className="button button--secondary" to={localizePath('/profile/limits', locale)}>
          {t('limits.confirm.back')}
        </Link>
      </div>
    </section>
  );
}
