import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import {
  contactMessageFormSchema,
  contactMessageSchema,
  contactMessagesQuerySchema,
  contactSentSchema,
  pagedContactMessagesSchema,
} from '@ray/shared/schemas/contact';
import { idParam } from '@ray/shared/schemas/fields';
import { forRequest } from '../../lib/context';
import { requireRole } from '../../plugins/auth';
import * as contact from './contact.service';

const tags = ['contact'];
const security = [{ bearer: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary:
          'Send a message to the support team (name, email, subject, message, category); open to visitors. ' +
          'A signed-in sender is taken from the access token; a userId in the body is ignored. ' +
          `At most ${contact.CONTACT_MESSAGES_PER_ADDRESS} per hour from one address.`,
        security,
        body: contactMessageFormSchema,
        response: { 201: contactSentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await contact.sendContactMessage(
            forRequest(app.ctx, request),
            { userId: request.auth?.userId ?? null, ip: request.ip },
            request.body,
          ),
        ),
  );
};

/** The support inbox, for admins only: visitors get 401 and everyone else 403, before any input is read. */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireRole(request, 'admin');
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Messages sent through the contact form, newest first (admins). Page with `cursor`.',
        security,
        querystring: contactMessagesQuerySchema,
        response: { 200: pagedContactMessagesSchema, ...errors },
      },
    },
    async (request) => contact.listContactMessages(app.ctx, request.query),
  );

  app.post(
    '/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a contact message as read (admins)',
        security,
        params: z.object({ id: idParam }),
        response: { 200: contactMessageSchema, ...errors },
      },
    },
    async (request) => contact.markContactMessageRead(app.ctx, request.params.id),
  );
};
