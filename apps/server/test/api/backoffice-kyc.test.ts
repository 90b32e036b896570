/**
 * The back office's KYC queue and ledger audit (docs/backoffice.md "KYC", "Ledger audit"): a
 * player's upload listed for a risk operator, its file served with strict headers, the decision
 * with its reason told to the player and audited in its transaction, refused to the other roles,
 * to players and to nobody signed in; one of two concurrent decisions wins; the ledger audit for
 * finance, audited with its verdict.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeDocumentSchema,
  backofficeDocumentsResponseSchema,
  backofficeLedgerAuditSchema,
  verificationDocumentsResponseSchema,
} from '@orbit/contracts';
import { checkAuditChain } from '../../src/modules/backoffice';
import { VerificationService } from '../../src/modules/verification';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin, signInOperator, type SignedInOperator } from '../support/backoffice';
import { call, register, XHR } from '../support/identity';

const OPERATOR_TOKEN = 'operator-token-0123456789abcdef0123456789';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

const clock = new FakeClock('2026-12-01T10:00:00Z');
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-backoffice-kyc-'));
  t = await createTestApp({ DATA_DIR: dataDir, OPERATOR_TOKEN }, { clock });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The operators made so far, each signed in again with a fresh code when asked for again. */
const made = new Map<string, SignedInOperator>();

/** A signed-in operator of `role` (made by the admin the first time, two-factor set up): their cookie. */
async function operatorOf(role: 'support' | 'finance' | 'risk' | 'marketing'): Promise<string> {
  const known = made.get(role);
  if (known) return signInOperator(t, clock, known);
  const operator = await newOperator(t, clock, await signInAdmin(t, clock), role, `${role}-kyc@orbit.example`);
  made.set(role, operator);
  return operator.cookie;
}

/** The player's upload through the player API (multipart written by hand). */
async function upload(cookie: string, kind: string, filename: string, data: Buffer): Promise<number> {
  const boundary = `----orbit${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/player/documents',
    headers: { ...XHR, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const documentRow = async (id: number) =>
  (await t.database.db.execute(sql`select status, reason, reviewed_at from verification_documents where id = ${id}`))
    .rows[0] as { status: string; reason: string | null; reviewed_at: unknown };
const reviewAudits = async (id: number) =>
  (
    await t.database.db.execute(
      sql`select actor, role, before, after, reason from audit_log where action = 'document.review' and target_type = 'document' and target_id = ${String(id)} order by seq`,
    )
  ).rows as Array<{ actor: string; role: string; before: unknown; after: unknown; reason: string }>;

describe('the KYC queue', () => {
  let player: { cookie: string; id: number };
  let documentId: number;
  let risk: string;

  beforeAll(async () => {
    const registered = await register(t, { email: 'kyc.queue@example.com' });
    player = { cookie: registered.cookie, id: registered.player.id };
    documentId = await upload(player.cookie, 'identity', 'passport.png', PNG);
    risk = await operatorOf('risk');
  });

  it('lists the pending document for risk, pending first, with the player and the file', async () => {
    const res = await call(t, 'GET', `/api/backoffice/documents?user_id=${player.id}`, { cookie: risk });
    expect(res.statusCode, res.body).toBe(200);
    const page = backofficeDocumentsResponseSchema.parse(res.json());
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      id: documentId,
      user_id: player.id,
      player_email: 'kyc.queue@example.com',
      kind: 'identity',
      status: 'pending',
      content_type: 'image/png',
      size_bytes: PNG.length,
      reason: null,
      reviewed_at: null,
    });
    const pending = await call(t, 'GET', '/api/backoffice/documents?status=pending&per_page=200', { cookie: risk });
    expect(pending.json().data.map((d: { id: number }) => d.id)).toContain(documentId);
    const one = await call(t, 'GET', `/api/backoffice/documents/${documentId}`, { cookie: risk });
    expect(backofficeDocumentSchema.parse(one.json()).player_email).toBe('kyc.queue@example.com');
    expect((await call(t, 'GET', '/api/backoffice/documents/999999', { cookie: risk })).statusCode).toBe(404);
    for (const bad of ['0', 'abc', '2147483648']) {
      const refused = await call(t, 'GET', `/api/backoffice/documents/${bad}`, { cookie: risk });
      expect(refused.statusCode, bad).toBe(422);
      expect(Object.keys(refused.json().errors), bad).toEqual(['id']);
    }
    const badFilter = await call(t, 'GET', '/api/backoffice/documents?status=lost', { cookie: risk });
    expect(badFilter.json().errors).toEqual({ status: ['invalid'] });
  });

  it('puts pending documents before decided ones, newest first within each', async () => {
    const other = await register(t, { email: 'kyc.order@example.com' });
    const older = await upload(other.cookie, 'address', 'bill.pdf', PDF);
    clock.advance(60_000);
    const decided = await upload(other.cookie, 'identity', 'id.pdf', PDF);
    clock.advance(60_000);
    const newer = await upload(other.cookie, 'payment_method', 'card.png', PNG);
    const review = await call(t, 'POST', `/api/backoffice/documents/${decided}/review`, {
      cookie: risk,
      payload: { status: 'approved', reason: 'Clear and valid' },
    });
    expect(review.statusCode, review.body).toBe(200);
    const res = await call(t, 'GET', `/api/backoffice/documents?user_id=${other.player.id}`, { cookie: risk });
    expect(res.json().data.map((d: { id: number }) => d.id)).toEqual([newer, older, decided]);
    const paged = await call(t, 'GET', `/api/backoffice/documents?user_id=${other.player.id}&per_page=2&page=2`, {
      cookie: risk,
    });
    expect(paged.json()).toMatchObject({ total: 3, data: [{ id: decided }] });
  });

  it('serves the file to operators only, with its sniffed type and strict headers', async () => {
    const res = await call(t, 'GET', `/api/backoffice/documents/${documentId}/file`, { cookie: risk });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="document-${documentId}.png"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; object-src 'self'; plugin-types application/pdf; frame-ancestors 'self'; sandbox",
    );

    const pdfId = await upload(player.cookie, 'address', 'statement.pdf', PDF);
    const pdf = await call(t, 'GET', `/api/backoffice/documents/${pdfId}/file`, { cookie: risk });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="document-${pdfId}.pdf"`);
    expect(pdf.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    // The player's own session, or none, opens nothing here.
    const asPlayer = await call(t, 'GET', `/api/backoffice/documents/${documentId}/file`, { cookie: player.cookie });
    expect(asPlayer.statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/backoffice/documents/${documentId}/file`)).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/backoffice/documents', { cookie: player.cookie })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/backoffice/documents')).statusCode).toBe(401);
  });

  it('refuses other roles, players and nobody, and changes nothing', async () => {
    for (const role of ['support', 'finance', 'marketing'] as const) {
      const cookie = await operatorOf(role);
      const afterSetup = await auditCount(t);
      for (const url of [
        '/api/backoffice/documents',
        `/api/backoffice/documents/${documentId}`,
        `/api/backoffice/documents/${documentId}/file`,
      ]) {
        const res = await call(t, 'GET', url, { cookie });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json().errors).toEqual({ base: ['forbidden'] });
      }
      const review = await call(t, 'POST', `/api/backoffice/documents/${documentId}/review`, {
        cookie,
        payload: { status: 'approved', reason: 'Looks fine' },
      });
      expect(review.statusCode, role).toBe(403);
      expect(await auditCount(t), role).toBe(afterSetup);
    }
    for (const cookie of [player.cookie, undefined]) {
      const review = await call(t, 'POST', `/api/backoffice/documents/${documentId}/review`, {
        cookie,
        payload: { status: 'approved', reason: 'Looks fine' },
      });
      expect(review.statusCode).toBe(401);
    }
    expect(await documentRow(documentId)).toMatchObject({ status: 'pending', reason: null, reviewed_at: null });
    expect(await reviewAudits(documentId)).toEqual([]);
  });

  it('asks a reason: none, or only spaces, is 422 and nothing changes', async () => {
    const before = await auditCount(t);
    for (const payload of [{ status: 'rejected' }, { status: 'rejected', reason: '   ' }]) {
      const res = await call(t, 'POST', `/api/backoffice/documents/${documentId}/review`, { cookie: risk, payload });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ reason: ['required'] });
    }
    const tooLong = await call(t, 'POST', `/api/backoffice/documents/${documentId}/review`, {
      cookie: risk,
      payload: { status: 'rejected', reason: 'x'.repeat(501) },
    });
    expect(tooLong.json().errors).toEqual({ reason: ['too_long'] });
    const badStatus = await call(t, 'POST', `/api/backoffice/documents/${documentId}/review`, {
      cookie: risk,
      payload: { status: 'pending', reason: 'Back to the queue' },
    });
    expect(badStatus.json().errors).toEqual({ status: ['invalid'] });
    expect(await auditCount(t)).toBe(before);
    expect(await documentRow(documentId)).toMatchObject({ status: 'pending', reason: null });
  });

  it('rejects with a reason: the player reads it, the audit log holds before, after and the reason', async () => {
    const res = await call(t, 'POST', `/api/backoffice/documents/${documentId}/review`, {
      cookie: risk,
      payload: { status: 'rejected', reason: '  The photo is blurred  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(backofficeDocumentSchema.parse(res.json())).toMatchObject({
      id: documentId,
      status: 'rejected',
      reason: 'The photo is blurred',
      reviewed_at: clock.now().toISOString(),
    });
    const mine = await call(t, 'GET', '/api/player/documents', { cookie: player.cookie });
    const doc = verificationDocumentsResponseSchema.parse(mine.json()).find((d) => d.id === documentId);
    expect(doc).toMatchObject({ status: 'rejected', reason: 'The photo is blurred' });
    expect(await reviewAudits(documentId)).toEqual([
      {
        actor: 'risk-kyc@orbit.example',
        role: 'risk',
        before: { status: 'pending', reason: null },
        after: { status: 'rejected', reason: 'The photo is blurred' },
        reason: 'The photo is blurred',
      },
    ]);
    // A decision is final.
    const again = await call(t, 'POST', `/api/backoffice/documents/${documentId}/review`, {
      cookie: risk,
      payload: { status: 'approved', reason: 'Changed my mind' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ base: ['not_pending'] });
    expect(await reviewAudits(documentId)).toHaveLength(1);
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });

  it('lets exactly one of two concurrent decisions win, with one audit entry', async () => {
    const id = await upload(player.cookie, 'identity', 'again.png', PNG);
    const admin = await signInAdmin(t, clock);
    const answers = await Promise.all([
      call(t, 'POST', `/api/backoffice/documents/${id}/review`, {
        cookie: risk,
        payload: { status: 'approved', reason: 'Readable now' },
      }),
      call(t, 'POST', `/api/backoffice/documents/${id}/review`, {
        cookie: admin,
        payload: { status: 'rejected', reason: 'Expired' },
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json() as { status: string; reason: string };
    expect(answers.find((a) => a.statusCode === 409)!.json().errors).toEqual({ base: ['not_pending'] });
    expect(await documentRow(id)).toMatchObject({ status: winner.status, reason: winner.reason });
    const audits = await reviewAudits(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toEqual({ status: winner.status, reason: winner.reason });
  });

  it('does not decide when the audit entry cannot be written (the hook runs in the decision)', async () => {
    const id = await upload(player.cookie, 'identity', 'hooked.png', PNG);
    const service = new VerificationService(t.database.db, clock);
    await expect(
      service.review(id, 'approved', 'Fine', async () => {
        throw new Error('the audit log is down');
      }),
    ).rejects.toThrow('the audit log is down');
    expect(await documentRow(id)).toMatchObject({ status: 'pending', reason: null, reviewed_at: null });
  });

  it('keeps the token route working without an audit entry of the back office', async () => {
    const id = await upload(player.cookie, 'address', 'bill.png', PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/operator/documents/${id}/review`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { status: 'approved' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'approved', reason: null });
    expect(await reviewAudits(id)).toEqual([]);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/operator/documents/${id}/review`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { status: 'rejected' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ status: ['already_reviewed'] });
  });
});

describe('the ledger audit', () => {
  it('answers the verdict to finance and audits the run; support is refused', async () => {
    const finance = await operatorOf('finance');
    const res = await call(t, 'GET', '/api/backoffice/ledger_audit', { cookie: finance });
    expect(res.statusCode, res.body).toBe(200);
    const verdict = backofficeLedgerAuditSchema.parse(res.json());
    expect(verdict).toMatchObject({ ok: true, problems: [], broken_accounts: [] });
    expect(verdict.accounts).toBeGreaterThan(0);
    const [entry] = (
      await t.database.db.execute(
        sql`select actor, role, target_type, after from audit_log where action = 'ledger.audit' order by seq desc limit 1`,
      )
    ).rows as Array<{ actor: string; role: string; target_type: string; after: { ok: boolean } }>;
    expect(entry).toMatchObject({ actor: 'finance-kyc@orbit.example', role: 'finance', target_type: 'ledger' });
    expect(entry!.after.ok).toBe(true);

    const support = await operatorOf('support');
    const refused = await call(t, 'GET', '/api/backoffice/ledger_audit', { cookie: support });
    expect(refused.statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/backoffice/ledger_audit')).statusCode).toBe(401);
  });
});
