import { promoCodeRequestSchema } from '@orbit/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { clearPromoCodes, storedPromoCodes } from '../../lib/session-client';
import { check, errorCodeOf, Notice, TextField } from '../../ui/form';
import { giftErrorText } from './gift-cards';
import { giftsApi } from './gifts-store';
import { couponOutcome } from './rules';

/** The code rule of the contract (trimmed, 1–64 letters, digits, `_` or `-`): the server's own. */
const codeRule = promoCodeRequestSchema.shape.code;

type Outcome = { kind: 'gift'; name: string } | { kind: 'coupon' };

/**
 * "Have a gift code?" (docs/rules/gifts.md "Gift codes"): the code goes to
 * `POST /api/v2/bonuses/promo-code`; one the promo codes do not know is tried as a coupon
 * (`POST /api/bonuses/coupon`), so one field takes both. A gift code kept from a promo link
 * (`giftPromocode`) is filled in and sent once when the page opens, then dropped.
 */
export function GiftCodeForm({ onGift }: { onGift: () => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const sentStored = useRef(false);

  const send = async (raw: string) => {
    const value = raw.trim();
    const problem = check(codeRule, value);
    setOutcome(null);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await giftsApi.promoCode(value);
      setOutcome({ kind: 'gift', name: answer.name });
      setCode('');
      onGift();
    } catch (failure) {
      const codes = errorCodeOf(failure);
      const refused = codes.code ?? codes.base ?? 'unknown';
      if (refused !== 'invalid' || !(failure instanceof ApiError)) {
        setError(refused);
        return;
      }
      // Not a promo code: perhaps a coupon.
      const status = await giftsApi.coupon(value).then(
        (answer) => couponOutcome(answer.status),
        () => 'invalid' as const,
      );
      if (status === 'done') {
        setOutcome({ kind: 'coupon' });
        setCode('');
        onGift();
      } else setError(status);
    } finally {
      setBusy(false);
    }
  };

  // A gift code from a promo link: filled in and sent once, then dropped (also when refused).
  useEffect(() => {
    const stored = storedPromoCodes().giftPromocode;
    if (!stored || sentStored.current) return;
    sentStored.current = true;
    setCode(stored);
    void send(stored).finally(() => clearPromoCodes(['giftPromocode']));
    // Once, when the page opens.
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(code);
  };
  return (
    <form className="gift-code" onSubmit={submit} noValidate data-testid="gift-code-form">
      <div className="gift-code__row">
        <TextField
          label={t('gifts.code.label')}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          error={error ? giftErrorText(t, error, 'code') : null}
        />
        <button type="submit" className="button button--secondary" disabled={busy} aria-busy={busy}>
          {busy ? t('gifts.code.sending') : t('gifts.code.submit')}
        </button>
      </div>
      {outcome ? (
        <Notice kind="info">
          {outcome.kind === 'gift' ? t('gifts.code.done', { name: outcome.name }) : t('gifts.code.couponDone')}
        </Notice>
      ) : null}
    </form>
  );
}
