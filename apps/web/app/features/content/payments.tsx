import type { CmsPage, PaymentMethodInfo } from '@orbit/contracts';
import { useI18n } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import './content.css';

/**
 * The payments page (`/payments`): the CMS page `payments` and one information card per payment
 * method the cashbox takes (docs/rules/content-pages.md "Payments page"), from
 * `GET /api/cashbox/methods/info`.
 */
export function PaymentsPage({ page, methods }: { page: CmsPage | null; methods: PaymentMethodInfo[] }) {
  const { t, locale } = useI18n();
  const money = (cents: number, m: PaymentMethodInfo) =>
    formatMoney(cents, { code: m.currency, subunits_to_unit: m.subunits_to_unit, fiat: m.type !== 'crypto' }, locale);
  const range = (limits: PaymentMethodInfo['deposit'], m: PaymentMethodInfo) =>
    limits ? `${money(limits.min_cents, m)} – ${money(limits.max_cents, m)}` : t('content.payments.notOffered');
  return (
    <section className="page cms content payments" aria-labelledby="payments-title">
      <h1 id="payments-title">{page?.title ?? t('content.payments.title')}</h1>
      {page ? <div className="cms__content" dangerouslySetInnerHTML={{ __html: page.content }} /> : null}
      {methods.length === 0 ? (
        <p className="content__empty">{t('content.payments.empty')}</p>
      ) : (
        <ul className="payments__cards">
          {methods.map((m) => (
            <li key={m.id} className="payments__card" data-method={m.id}>
              <h2 className="payments__brand">{t(`cashbox.brands.${m.brand}`, undefined, m.brand)}</h2>
              <dl className="payments__facts">
                <dt>{t('content.payments.type')}</dt>
                <dd>{t(`content.payments.types.${m.type}`, undefined, m.type)}</dd>
                <dt>{t('content.payments.currency')}</dt>
                <dd>{m.currency}</dd>
                {m.network ? (
                  <>
                    <dt>{t('content.payments.network')}</dt>
                    <dd>{m.network}</dd>
                  </>
                ) : null}
                <dt>{t('content.payments.processing')}</dt>
                <dd>{t(`cashbox.processing.${m.processing_time}`, undefined, m.processing_time)}</dd>
                <dt>{t('content.payments.fee')}</dt>
                <dd>{m.fee_percent === 0 ? t('content.payments.free') : `${m.fee_percent} %`}</dd>
                {m.min_dep_cents !== null ? (
                  <>
                    <dt>{t('content.payments.minDep')}</dt>
                    <dd data-fact="min-dep">{money(m.min_dep_cents, m)}</dd>
                  </>
                ) : null}
                <dt>{t('content.payments.deposit')}</dt>
                <dd data-fact="deposit">{range(m.deposit, m)}</dd>
                <dt>{t('content.payments.withdrawal')}</dt>
                <dd data-fact="withdrawal">{range(m.withdrawal, m)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
