import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { issuesToErrors, type IssueLike } from '@orbit/contracts';
import { AppError, ValidationError } from '../errors';

/** Stable codes for the framework's own 4xx refusals (malformed JSON, wrong media type ...). */
const FRAMEWORK_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_body',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformed_body',
};

/**
 * The one error handler: validation → 422 `{errors:{field:[code]}}`, refusals → their status
 * with a stable code, anything else → 500 with no message or stack for the client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: IssueLike[] = error.validation.map((v) => ({
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? '',
        ...(v.params as Record<string, unknown>),
      }));
      return reply.status(422).send({ errors: issuesToErrors(issues) });
    }
    if (error instanceof ValidationError) {
      return reply.status(422).send({ errors: error.errors });
    }
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ errors: { [error.field]: [error.code] } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.status(500).send({ errors: { base: ['internal_error'] } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = FRAMEWORK_CODES[error.code] ?? (status === 429 ? 'too_many_requests' : 'bad_request');
      return reply.status(status).send({ errors: { base: [code] } });
    }
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      // The visitor left before the page was sent: nothing went wrong on our side.
      request.log.debug({ err: error }, 'client closed the connection');
      return reply.status(499).send();
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errors: { base: ['internal_error'] } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ errors: { base: ['not_found'] } });
  });
}
