import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES, documentKindSchema, type DocumentKind } from '@orbit/contracts';
import { AppError } from '../../platform/errors';
import { SNIFF_BYTES, sanitiseFileName, sniffContentType } from './sniff';

/** An upload written to the documents folder and checked; the caller records it or removes it. */
export type ReceivedDocument = {
  kind: DocumentKind;
  contentType: 'application/pdf' | 'image/jpeg' | 'image/png';
  sizeBytes: number;
  storageName: string;
  storagePath: string;
  originalName: string | null;
};

/** Multipart limits: one file of at most 10 MB, a handful of small fields. */
export const MULTIPART_LIMITS = {
  fileSize: DOCUMENT_MAX_BYTES,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 100,
};

/** 128 random bits, hex: the only name a document has on disk. */
export const newStorageName = (): string => randomBytes(16).toString('hex');

/**
 * Reads the multipart body (`kind`, `file`), streaming the file to a random name in the documents
 * folder while counting its bytes and keeping its first bytes. Answers the document, or throws a
 * 422 with every field's code (after removing anything written).
 */
export async function receiveDocument(request: FastifyRequest, documentsDir: string): Promise<ReceivedDocument> {
  if (!request.isMultipart()) throw AppError.validation({ file: ['required'] });
  let kindValue: unknown;
  let written:
    { name: string; path: string; size: number; head: Buffer; truncated: boolean; filename: string } | undefined;
  const errors: Record<string, string[]> = {};
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind') kindValue = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const name = newStorageName();
      const target = path.join(documentsDir, name);
      written = { name, path: target, size: 0, head: Buffer.alloc(0), truncated: false, filename: part.filename };
      // Created on first use, so instances that never receive an upload leave no folder behind.
      await fs.mkdir(documentsDir, { recursive: true, mode: 0o700 });
      const handle = await fs.open(target, 'wx', 0o600);
      try {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          if (written.head.length < SNIFF_BYTES)
            written.head = Buffer.concat([written.head, chunk.subarray(0, SNIFF_BYTES - written.head.length)]);
          written.size += chunk.length;
          await handle.write(chunk);
        }
      } finally {
        await handle.close();
      }
      written.truncated = part.file.truncated;
    }
  } catch (error) {
    if (written) await removeQuietly(written.path);
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw AppError.validation({ file: ['too_many'] });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw AppError.validation({ base: ['too_many_parts'] });
    throw error;
  }

  const kind = documentKindSchema.safeParse(kindValue);
  if (kindValue === undefined || kindValue === '') errors.kind = ['required'];
  else if (!kind.success) errors.kind = ['invalid'];

  const sniffed = written ? sniffContentType(written.head) : null;
  if (!written || written.size === 0) errors.file = ['required'];
  else if (written.truncated) errors.file = ['too_large'];
  else if (!sniffed) errors.file = ['unsupported_type'];

  if (Object.keys(errors).length > 0 || !written || !sniffed || !kind.success) {
    if (written) await removeQuietly(written.path);
    throw AppError.validation(Object.keys(errors).length > 0 ? errors : { base: ['invalid'] });
  }
  return {
    kind: kind.data,
    contentType: sniffed.type,
    sizeBytes: written.size,
    storageName: written.name,
    storagePath: written.path,
    originalName: sanitiseFileName(written.filename),
  };
}

export async function removeQuietly(file: string): Promise<void> {
  await fs.rm(file, { force: true }).catch(() => {});
}
