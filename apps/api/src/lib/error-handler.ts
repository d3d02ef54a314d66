import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { inLanguage } from '@urembo/contract/message-catalogue';
import { HttpError } from './http-error';
import { requestLanguage } from './request-language';

export const DATABASE_UNAVAILABLE =
  'The shop cannot reach its database right now. Please try again in a moment.';

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON in request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty but declared as JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Request body must be JSON (Content-Type: application/json)',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Content-Length does not match the body' },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 415,
    message: 'Request body must be JSON (Content-Type: application/json)',
  },
};

/**
 * One place that turns every failure into `{ error }`. Expected failures keep their status and message;
 * anything unexpected is logged in full and answered as a plain 500 that reveals nothing of the internals.
 * The texts are in the request's language (its `lang` cookie or Accept-Language): English as thrown, Kiswahili
 * from the message catalogue for the texts a customer can meet.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    const language = requestLanguage(request);
    const say = (text: string) => inLanguage(text, language);
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(
        error.details
          ? {
              error: say(error.message),
              details: error.details.map((d) => ({ path: d.path, message: say(d.message) })),
            }
          : { error: say(error.message) },
      );
    }
    const code = 'code' in error ? error.code : undefined;
    const known = code ? FASTIFY_CLIENT_ERRORS[code] : undefined;
    if (known) return reply.status(known.status).send({ error: known.message });
    // SyntaxError from JSON.parse in the body parser carries statusCode 400.
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message || 'Bad request' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: say(DATABASE_UNAVAILABLE) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: say('Something went wrong on our side. Please try again.') });
  });
}
