import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MAX_BYTES, verificationDocumentSchema, verificationDocumentsResponseSchema } from '@orbit/contracts';
import { verificationDocuments } from '../../src/modules/verification/schema';
import { VerificationService } from '../../src/modules/verification/service';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { XHR, register } from '../support/identity';

const OPERATOR_TOKEN = 'operator-token-0123456789abcdef0123456789';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('JFIF jpeg body'),
  Buffer.from([0xff, 0xd9]),
]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]);

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body, written by hand. */
function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----orbit${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(p.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const clock = new FakeClock('2026-03-01T10:00:00Z');
let t: TestApp;
let dataDir: string;
let documentsDir: string;
let cookie: string;
let userId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-verification-'));
  t = await createTestApp({ DATA_DIR: dataDir, OPERATOR_TOKEN }, { clock });
  documentsDir = t.config.documentsDir;
  ({
    cookie,
    player: { id: userId },
  } = await register(t, { email: 'kyc@example.com' }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload(
  parts: Part[],
  opts: { cookie?: string | undefined; headers?: Record<string, string> } = { cookie: undefined },
) {
  const { body, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/player/documents',
    headers: { ...XHR, 'content-type': contentType, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    payload: body,
  });
}
const file = (filename: string, data: Buffer, contentType = 'application/octet-stream'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});
const kind = (value: string): Part => ({ name: 'kind', value });

const storedFiles = () => (fs.existsSync(documentsDir) ? fs.readdirSync(documentsDir) : []);
const rowsOf = (id: number) =>
  t.database.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, id));

function review(id: number, payload: unknown, authorization: string | null = `Bearer ${OPERATOR_TOKEN}`) {
  return t.app.inject({
    method: 'POST',
    url: `/api/operator/documents/${id}/review`,
    headers: authorization ? { authorization } : {},
    payload: payload as Record<string, unknown>,
  });
}

describe('POST /api/player/documents', () => {
  it('keeps the documents folder under DATA_DIR', () => {
    expect(documentsDir).toBe(path.join(dataDir, 'documents'));
  });

  it.each([
    ['passport.pdf', 'application/pdf', PDF, 'identity'],
    ['bill.jpg', 'image/jpeg', JPEG, 'address'],
    ['card.png', 'image/png', PNG, 'payment_method'],
  ] as const)('accepts %s as %s', async (name, type, data, k) => {
    const before = storedFiles().length;
    const res = await upload([kind(k), file(name, data, type)], { cookie });
    expect(res.statusCode, res.body).toBe(201);
    const doc = verificationDocumentSchema.parse(res.json());
    expect(doc).toMatchObject({
      kind: k,
      status: 'pending',
      reason: null,
      content_type: type,
      size_bytes: data.length,
      original_name: name,
      reviewed_at: null,
    });
    expect(doc.created_at).toBe(clock.now().toISOString());
    const [row] = await t.database.db.select().from(verificationDocuments).where(eq(verificationDocuments.id, doc.id));
    expect(row!.storageName).toMatch(/^[0-9a-f]{32}$/);
    expect(storedFiles().length).toBe(before + 1);
    expect(fs.readFileSync(path.join(documentsDir, row!.storageName)).equals(data)).toBe(true);
    clock.advance(1000);
  });

  it('decides the type by content: a PNG named .pdf and declared as PDF is stored as image/png', async () => {
    const res = await upload([kind('identity'), file('scan.pdf', PNG, 'application/pdf')], { cookie });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ content_type: 'image/png', original_name: 'scan.pdf' });
    clock.advance(1000);
  });

  it('accepts the file before the kind field too', async () => {
    const res = await upload([file('late-kind.pdf', PDF), kind('address')], { cookie });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'address', content_type: 'application/pdf' });
    clock.advance(1000);
  });

  it('keeps the original name only as sanitised metadata', async () => {
    const res = await upload([kind('identity'), file(`..\\../etc/pass\u0000wd${'x'.repeat(400)}.pdf`, PDF)], {
      cookie,
    });
    expect(res.statusCode, res.body).toBe(201);
    const name = (res.json() as { original_name: string }).original_name;
    expect(name.startsWith('passwd')).toBe(true);
    expect(name).not.toMatch(/[/\\\u0000]/);
    expect(name.length).toBe(255);
    clock.advance(1000);
  });

  it('refuses a text file named .pdf: unsupported_type, nothing stored', async () => {
    const [files, rows] = [storedFiles().length, (await rowsOf(userId)).length];
    const res = await upload(
      [kind('identity'), file('fake.pdf', Buffer.from('just some text, not a PDF'), 'application/pdf')],
      { cookie },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { file: ['unsupported_type'] } });
    expect(storedFiles().length).toBe(files);
    expect((await rowsOf(userId)).length).toBe(rows);
  });

  it('refuses 10 MB + 1 byte with too_large, storing no row and no file', async () => {
    const [files, rows] = [storedFiles().length, (await rowsOf(userId)).length];
    const big = Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const res = await upload([kind('identity'), file('big.pdf', big, 'application/pdf')], { cookie });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { file: ['too_large'] } });
    expect(storedFiles().length).toBe(files);
    expect((await rowsOf(userId)).length).toBe(rows);
  });

  it('accepts exactly 10 MB', async () => {
    const max = Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20);
    PDF.copy(max);
    const res = await upload([kind('identity'), file('max.pdf', max, 'application/pdf')], { cookie });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ size_bytes: DOCUMENT_MAX_BYTES });
    clock.advance(1000);
  });

  it('answers field codes for an empty or missing file and a missing or unknown kind', async () => {
    const files = storedFiles().length;
    const empty = await upload([kind('identity'), file('empty.pdf', Buffer.alloc(0))], { cookie });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ errors: { file: ['required'] } });
    const noFile = await upload([kind('identity')], { cookie });
    expect(noFile.json()).toEqual({ errors: { file: ['required'] } });
    const badKind = await upload([kind('selfie'), file('a.pdf', PDF)], { cookie });
    expect(badKind.statusCode).toBe(422);
    expect(badKind.json()).toEqual({ errors: { kind: ['invalid'] } });
    const noKind = await upload([file('a.pdf', PDF)], { cookie });
    expect(noKind.json()).toEqual({ errors: { kind: ['required'] } });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/player/documents',
      headers: { ...XHR, cookie },
      payload: { kind: 'identity' },
    });
    expect(notMultipart.statusCode).toBe(422);
    expect(notMultipart.json()).toEqual({ errors: { file: ['required'] } });
    expect(storedFiles().length).toBe(files);
  });

  it('removes the written file when the row cannot be inserted', async () => {
    const files = storedFiles().length;
    const spy = vi.spyOn(VerificationService.prototype, 'create').mockRejectedValueOnce(new Error('database down'));
    try {
      const res = await upload([kind('identity'), file('a.pdf', PDF)], { cookie });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ errors: { base: ['internal_error'] } });
      expect(spy).toHaveBeenCalledOnce();
    } finally {
      spy.mockRestore();
    }
    expect(storedFiles().length).toBe(files);
  });

  it('takes one file only', async () => {
    const files = storedFiles().length;
    const res = await upload([kind('identity'), file('a.pdf', PDF), file('b.pdf', PDF)], { cookie });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { file: ['too_many'] } });
    expect(storedFiles().length).toBe(files);
  });

  it('answers a guest 401 and stores nothing', async () => {
    const files = storedFiles().length;
    const res = await upload([kind('identity'), file('a.pdf', PDF)]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
    expect(storedFiles().length).toBe(files);
  });

  it('answers 403 without the CSRF header', async () => {
    const { body, contentType } = multipart([kind('identity'), file('a.pdf', PDF)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/player/documents',
      headers: { 'content-type': contentType, cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { base: ['csrf_failed'] } });
  });
});

describe('GET /api/player/documents and the operator review', () => {
  it('lists only the player’s documents, newest first; guests 401', async () => {
    const other = await register(t, { email: 'other@example.com' });
    expect((await upload([kind('address'), file('other.png', PNG)], { cookie: other.cookie })).statusCode).toBe(201);

    const res = await t.app.inject({ method: 'GET', url: '/api/player/documents', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const docs = verificationDocumentsResponseSchema.parse(res.json());
    expect(docs.length).toBe((await rowsOf(userId)).length);
    expect(docs.every((d) => d.original_name !== 'other.png')).toBe(true);
    const times = docs.map((d) => d.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Object.keys(docs[0]!).sort()).toEqual(
      [
        'content_type',
        'created_at',
        'id',
        'kind',
        'original_name',
        'reason',
        'reviewed_at',
        'size_bytes',
        'status',
      ].sort(),
    );

    expect((await t.app.inject({ method: 'GET', url: '/api/player/documents' })).statusCode).toBe(401);
  });

  it('lets the operator approve and reject with a reason; the list shows it', async () => {
    const [a, b] = (await rowsOf(userId)).slice(0, 2);
    clock.advance(60_000);
    const approved = await review(a!.id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      id: a!.id,
      status: 'approved',
      reason: null,
      reviewed_at: clock.now().toISOString(),
    });

    const rejected = await review(b!.id, { status: 'rejected', reason: 'Document is blurry' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ id: b!.id, status: 'rejected', reason: 'Document is blurry' });

    const list = (
      await t.app.inject({ method: 'GET', url: '/api/player/documents', headers: { cookie } })
    ).json() as Array<{ id: number; status: string; reason: string | null }>;
    expect(list.find((d) => d.id === a!.id)).toMatchObject({ status: 'approved', reason: null });
    expect(list.find((d) => d.id === b!.id)).toMatchObject({ status: 'rejected', reason: 'Document is blurry' });

    // A decision is final; unknown documents 404; a wrong status 422.
    const again = await review(a!.id, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: { status: ['already_reviewed'] } });
    expect((await review(999_999, { status: 'approved' })).statusCode).toBe(404);
    const bad = await review(a!.id, { status: 'pending' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { status: ['invalid'] } });
  });

  it('answers 401 for a missing or wrong operator token, and a player session is not enough', async () => {
    const [doc] = await rowsOf(userId);
    for (const authorization of [null, 'Bearer', 'Bearer wrong-token', `Basic ${OPERATOR_TOKEN}`, OPERATOR_TOKEN]) {
      const res = await review(doc!.id, { status: 'approved' }, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
    }
    const withSession = await t.app.inject({
      method: 'POST',
      url: `/api/operator/documents/${doc!.id}/review`,
      headers: { ...XHR, cookie },
      payload: { status: 'approved' },
    });
    expect(withSession.statusCode).toBe(401);
  });
});

describe('operator API without OPERATOR_TOKEN', () => {
  it('answers 404', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-verification-'));
    const bare = await createTestApp({ DATA_DIR: dir });
    try {
      for (const authorization of [undefined, `Bearer ${OPERATOR_TOKEN}`]) {
        const res = await bare.app.inject({
          method: 'POST',
          url: '/api/operator/documents/1/review',
          headers: authorization ? { authorization } : {},
          payload: { status: 'approved' },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ errors: { base: ['not_found'] } });
      }
    } finally {
      await bare.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
