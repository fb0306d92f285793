import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorResponse } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { AppError, codeForStatus, messageForCode } from '../lib/app-error';

/** Connection-level failures of the database: the request can be retried, so they answer 503. */
/**
 * Text PostgreSQL refuses to store (a NUL character, a lone surrogate inside JSON, bytes that are not UTF-8),
 * reached through a field decoded after validation: bad input, not a server failure.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22P02', '22P05', '22021']);

function isUnstorableText(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'connect ECONNREFUSED',
  'Client has encountered a connection error',
  'PGlite is closed',
];

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.some((text) => (current as Error).message.includes(text))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').split('/')[0];
  return name && name.length > 0 ? name : '_';
}

function send(reply: FastifyReply, status: number, body: ErrorResponse, retryAfter?: number) {
  if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
  return reply.status(status).send(body);
}

/** One place turns every failure into `{ success: false, code, message, errors? }`; 5xx never show internals. */
async function errorAnswers(app: FastifyInstance) {
  // Schemas carry Arabic messages for what a form can get wrong; a wrong type or a body that is not an object
  // comes only from other clients, and must not answer in zod's English either.
  z.config({
    customError: (issue) => (issue.path && issue.path.length > 0 ? msg.invalidValue : msg.invalidData),
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return send(
        reply,
        error.statusCode,
        {
          success: false,
          code: error.code,
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
        },
        error.retryAfterSeconds,
      );
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath);
        (errors[field] ??= []).push(issue.message ?? msg.invalidData);
      }
      const first = error.validation[0]?.message;
      return send(reply, 400, {
        success: false,
        code: 'VALIDATION_FAILED',
        message: first ?? msg.invalidData,
        errors,
      });
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, 500, { success: false, code: 'INTERNAL', message: msg.serverError });
    }

    if (isUnstorableText(error)) {
      return send(reply, 400, { success: false, code: 'BAD_REQUEST', message: serverMsg.invalidCharacters });
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(
        reply,
        503,
        { success: false, code: 'SERVICE_UNAVAILABLE', message: msg.serviceUnavailable },
        5,
      );
    }

    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected error');
      return send(reply, status, { success: false, code: codeForStatus(status), message: msg.serverError });
    }
    const code = codeForStatus(status);
    const unreadableBody = (status === 400 || status === 415) && error.code.startsWith('FST_ERR_CTP');
    const message = unreadableBody
      ? serverMsg.badJson
      : status === 400
        ? msg.invalidData
        : messageForCode(code);
    return send(reply, status, { success: false, code, message });
  });
}

export const errorHandling = fp(errorAnswers, { name: 'error-handling' });
