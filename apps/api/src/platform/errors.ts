import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_MESSAGES, STATUS } from '@portal/contracts';
import { wantsMessageRefs, withMessageRefs } from './messages.js';

/** An error whose message is safe to show the user, sent in the `{ Status, Message }` envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly status: string = STATUS.error,
    readonly headers: Record<string, string> = {},
    /** Problems one by one (rows of an upload), sent as the envelope's `Errors`. */
    readonly errors?: readonly { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (message: string = COMMON_MESSAGES.notFound) =>
  new AppError(404, message, STATUS.notFound);
export const badRequest = (message: string) => new AppError(400, message, STATUS.invalid);
export const conflict = (message: string) => new AppError(409, message, STATUS.invalid);
export const unauthorized = (message: string = COMMON_MESSAGES.sessionExpired) =>
  new AppError(401, message, 'Unauthorized');
export const forbidden = (message: string = COMMON_MESSAGES.forbidden) =>
  new AppError(403, message, 'Forbidden');

/** Maps every failure into the envelope: validation, our own errors, and the unexpected. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refs = <T>(body: T): T => (wantsMessageRefs(request) ? withMessageRefs(body) : body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path:
          [issue.instancePath.replace(/^\//, '').replace(/\//g, '.')].filter(Boolean).join('.') ||
          String((issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? ''),
        message: issue.message ?? 'is invalid',
      }));
      const first = errors[0];
      const message = first
        ? first.path
          ? `${first.path}: ${first.message}`
          : first.message
        : COMMON_MESSAGES.invalid;
      return reply.status(400).send(refs({ Status: STATUS.invalid, Message: message, Errors: errors }));
    }
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.status(error.statusCode).send(
        refs({
          Status: error.status,
          Message: error.message,
          ...(error.errors ? { Errors: error.errors } : {}),
        }),
      );
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type…
      return reply.status(statusCode).send({ Status: STATUS.invalid, Message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(refs({ Status: STATUS.error, Message: COMMON_MESSAGES.unexpected }));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ Status: STATUS.notFound, Message: `No route ${request.method} ${request.url}` }),
  );
}
