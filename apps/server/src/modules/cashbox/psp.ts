/**
 * What the cashbox needs of a payment service provider. Each PSP is one adapter; the sandbox PSP
 * that ships with Orbit is reached over HTTP by `SandboxPspAdapter`, as a real one would be.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Fetch } from '../../platform/context';
import type { PspMethod } from './methods';

export type PspStatus = 'pending' | 'succeeded' | 'declined' | 'canceled' | 'failed';

export type PspPayment = {
  externalId: string;
  reference: string;
  kind: 'deposit' | 'payout';
  method: PspMethod;
  amountCents: number;
  currency: string;
  status: PspStatus;
  declineReason: string | null;
  card: { brand: string; last4: string; token: string } | null;
  /** Crypto deposits: the address paid to and the transaction. */
  address: string | null;
  txid: string | null;
};

export type PspNotification = { eventId: string; type: string; payment: PspPayment };

export type DepositInit = {
  reference: string;
  amountCents: number;
  currency: string;
  method: Exclude<PspMethod, 'crypto'>;
  returnUrl: string;
  notificationUrl: string;
  customer: { email: string };
  cardToken?: string;
};

export type PayoutInit = {
  reference: string;
  amountCents: number;
  currency: string;
  method: PspMethod;
  destination: string;
  notificationUrl: string;
};

export interface PspAdapter {
  readonly provider: string;
  /**
   * Opens a deposit. `challenge`: the PSP says the player must pass the card's 3-D Secure
   * challenge at `redirectUrl` (told by the PSP's answer, never guessed from the URL).
   */
  createDeposit(init: DepositInit): Promise<{ payment: PspPayment; redirectUrl: string | null; challenge?: boolean }>;
  paymentStatus(externalId: string): Promise<PspPayment>;
  /** Asks the PSP to cancel a deposit the player never completed; answers where it stands after. */
  cancelPayment(externalId: string): Promise<PspPayment>;
  cryptoAddress(init: {
    currency: string;
    reference: string;
    notificationUrl: string;
  }): Promise<{ address: string; confirmationsRequired: number }>;
  createPayout(init: PayoutInit): Promise<PspPayment>;
  /** The notification in a webhook, or null when its signature is not the PSP's (or too old). */
  verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): PspNotification | null;
}

/** The PSP refused or could not be reached: the cashbox answers 502-like refusals with this code. */
export class PspError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PspError';
  }
}

type SandboxPaymentJson = {
  id: string;
  reference: string;
  kind: 'deposit' | 'payout';
  method: PspMethod;
  amount_cents: number;
  currency: string;
  status: PspStatus;
  decline_reason?: string | null;
  card?: { brand: string; last4: string; token: string } | null;
  address?: string | null;
  txid?: string | null;
};

function fromSandbox(p: SandboxPaymentJson): PspPayment {
  return {
    externalId: p.id,
    reference: p.reference,
    kind: p.kind,
    method: p.method,
    amountCents: p.amount_cents,
    currency: p.currency,
    status: p.status,
    declineReason: p.decline_reason ?? null,
    card: p.card ?? null,
    address: p.address ?? null,
    txid: p.txid ?? null,
  };
}

/** How old a webhook's signed timestamp may be: a replayed old notification is refused. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The sandbox PSP's merchant API (apps/sandbox-psp/README.md): bearer API key on our calls,
 * `X-Sandbox-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` on its webhooks.
 */
export class SandboxPspAdapter implements PspAdapter {
  readonly provider = 'sandbox';

  constructor(private readonly options: { baseUrl: string; apiKey: string; webhookSecret: string; fetch?: Fetch }) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const fetchImpl: Fetch = this.options.fetch ?? ((url, init) => fetch(url, init));
    let res;
    try {
      res = await fetchImpl(`${this.options.baseUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new PspError(`sandbox PSP unreachable: ${(error as Error).message}`, 0);
    }
    const text = await res.text();
    if (res.status >= 300) throw new PspError(`sandbox PSP answered ${res.status}: ${text.slice(0, 300)}`, res.status);
    return JSON.parse(text) as T;
  }

  async createDeposit(
    init: DepositInit,
  ): Promise<{ payment: PspPayment; redirectUrl: string | null; challenge: boolean }> {
    const created = await this.call<{
      id: string;
      status: PspStatus;
      redirect_url: string | null;
      three_ds_required?: boolean;
    }>('POST', '/api/payments', {
      reference: init.reference,
      amount_cents: init.amountCents,
      currency: init.currency,
      method: init.method,
      return_url: init.returnUrl,
      notification_url: init.notificationUrl,
      customer: init.customer,
      ...(init.cardToken ? { card_token: init.cardToken } : {}),
    });
    return {
      payment: await this.paymentStatus(created.id),
      redirectUrl: created.redirect_url,
      challenge: created.three_ds_required === true && created.redirect_url !== null,
    };
  }

  async paymentStatus(externalId: string): Promise<PspPayment> {
    return fromSandbox(await this.call<SandboxPaymentJson>('GET', `/api/payments/${encodeURIComponent(externalId)}`));
  }

  async cancelPayment(externalId: string): Promise<PspPayment> {
    try {
      await this.call('POST', `/api/payments/${encodeURIComponent(externalId)}/cancel`, {});
    } catch (error) {
      // Too late to cancel (settling, settled): what the PSP says now decides.
      if (!(error instanceof PspError) || error.status < 400 || error.status >= 500) throw error;
    }
    return this.paymentStatus(externalId);
  }

  async cryptoAddress(init: { currency: string; reference: string; notificationUrl: string }) {
    const r = await this.call<{ address: string; confirmations_required: number }>('POST', '/api/crypto/addresses', {
      currency: init.currency,
      reference: init.reference,
      notification_url: init.notificationUrl,
    });
    return { address: r.address, confirmationsRequired: r.confirmations_required };
  }

  async createPayout(init: PayoutInit): Promise<PspPayment> {
    const created = await this.call<{ id: string }>('POST', '/api/payouts', {
      reference: init.reference,
      amount_cents: init.amountCents,
      currency: init.currency,
      method: init.method,
      destination: init.destination,
      notification_url: init.notificationUrl,
    });
    return this.paymentStatus(created.id);
  }

  verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): PspNotification | null {
    const header = headers['x-sandbox-signature'];
    if (typeof header !== 'string') return null;
    const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
    const t = Number(parts.t);
    if (!Number.isInteger(t) || !parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1)) return null;
    if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return null;
    const expected = createHmac('sha256', this.options.webhookSecret).update(`${t}.${rawBody}`).digest();
    if (!timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'))) return null;
    let body: { id?: unknown; type?: unknown; payment?: SandboxPaymentJson };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      return null;
    }
    if (typeof body.id !== 'string' || typeof body.type !== 'string' || !body.payment) return null;
    return { eventId: body.id, type: body.type, payment: fromSandbox(body.payment) };
  }
}
