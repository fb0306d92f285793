import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@ray/shared/errors';
import { msg } from '@ray/shared/messages.ar';
import { idParam } from '@ray/shared/schemas/fields';
import {
  createReportResultSchema,
  createReportSchema,
  myReportsQuerySchema,
  pagedModerationReportsSchema,
  pagedReportsSchema,
  processReportSchema,
  reportDetailSchema,
  reportsQuerySchema,
  reportStatsSchema,
} from '@ray/shared/schemas/report';
import { AppError } from '../../lib/app-error';
import { requireRole } from '../../plugins/auth';
import { viewerOf } from '../posts/posts.service';
import * as reportsService from './reports.service';

const tags = ['reports'];
const security = [{ bearer: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Moderation calls are for moderators and admins: visitors get 401, everyone else 403. */
const moderatorOf = (request: Parameters<typeof requireRole>[0]) =>
  viewerOf(requireRole(request, 'moderator', 'admin'))!;

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        summary:
          'Report a post or a comment (PostId or CommentId, Reason by name, AdditionalDetails; camelCase accepted)',
        security,
        body: createReportSchema,
        response: { 201: createReportResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.auth) throw new AppError('UNAUTHORIZED', { message: msg.loginToReport });
      return reply
        .status(201)
        .send(await reportsService.createReport(app.ctx, viewerOf(request.auth)!, request.body));
    },
  );

  app.get(
    '/my-reports',
    {
      schema: {
        tags,
        summary: "The caller's own reports with their status, newest first",
        security,
        querystring: myReportsQuerySchema,
        response: { 200: pagedReportsSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.auth) throw new AppError('UNAUTHORIZED', { message: msg.loginToReport });
      return reportsService.listMyReports(app.ctx, viewerOf(request.auth)!, request.query);
    },
  );

  app.get(
    '/stats',
    {
      schema: {
        tags,
        summary: 'Report counts per status and per reason (moderators)',
        security,
        response: { 200: reportStatsSchema, ...errors },
      },
    },
    async (request) => {
      moderatorOf(request);
      return reportsService.reportStats(app.ctx);
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'The moderation queue, newest first, optionally of one status (moderators). Page with `cursor`.',
        security,
        querystring: reportsQuerySchema,
        response: { 200: pagedModerationReportsSchema, ...errors },
      },
    },
    async (request) => {
      moderatorOf(request);
      return reportsService.listReports(app.ctx, request.query);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One report with the reported content in context (moderators)',
        security,
        params: z.object({ id: idParam }),
        response: { 200: reportDetailSchema, ...errors },
      },
    },
    async (request) => reportsService.getReport(app.ctx, moderatorOf(request), request.params.id),
  );

  app.put(
    '/:reportId/process',
    {
      schema: {
        tags,
        summary:
          'Decide a report: 2 under review, 3 approve (hides the content), 4 reject, 5 resolve (moderators)',
        security,
        params: z.object({ reportId: idParam }),
        body: processReportSchema,
        response: { 200: reportDetailSchema, ...errors },
      },
    },
    async (request) =>
      reportsService.processReport(
        app.ctx,
        requireRole(request, 'moderator', 'admin'),
        request.params.reportId,
        request.body,
      ),
  );
};
