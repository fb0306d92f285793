import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serverMsg } from '@ray/shared/server-messages.ar';
import { AppError } from '../lib/app-error';

const MAX_DEPTH = 32;

/** True when a string anywhere in the value holds a NUL character, which PostgreSQL text cannot store. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/** The top-level field that carries a NUL character, so that a form can show the message in place. */
function fieldWithNul(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return holdsNul(value) ? '' : null;
  for (const [key, item] of Object.entries(value)) if (key.includes('\u0000') || holdsNul(item)) return key;
  return null;
}

/** Refuses, before validation, input no route can store: a 400 with an Arabic message instead of a database error. */
async function refuseUnstorableInput(app: FastifyInstance) {
  // A callback hook: every request passes it, and an async one would cost a promise more on each.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = fieldWithNul(part);
      if (field === null) continue;
      done(
        field === '' || field.includes('\u0000')
          ? new AppError('BAD_REQUEST', { message: serverMsg.invalidCharacters })
          : AppError.field('VALIDATION_FAILED', field, serverMsg.invalidCharacters),
      );
      return;
    }
    done();
  });
}

export const inputGuard = fp(refuseUnstorableInput, { name: 'input-guard' });
