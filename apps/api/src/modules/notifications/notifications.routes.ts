import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FeedbackBody,
  FeedbackResponse,
  IdParams,
  ListNotificationsQuery,
  ListSystemNotificationsQuery,
  MarkAllReadBody,
  MarkAllReadResponse,
  NotificationPage,
  NotificationResponse,
  SystemNotificationPage,
  SystemNotificationResponse,
  UpdateNotificationBody,
  UpdateSystemNotificationBody,
} from '@kontor/contract';
import { notifications, systemNotifications } from '../../db/schema/index.js';
import { absoluteUrl } from '../../http/pagination.js';
import { ownedBy } from '../../http/path-object.js';
import * as notificationsService from './notifications.service.js';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get('/notifications/', { schema: { tags, querystring: ListNotificationsQuery, response: { 200: NotificationPage } } }, async (request) =>
    notificationsService.listNotifications(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );

  app.put(
    '/notifications/:id/',
    {
      config: { pathObject: ownedBy(notifications, notificationsService.mine) },
      schema: { tags, params: IdParams, body: UpdateNotificationBody, response: { 200: NotificationResponse } },
    },
    async (request) => notificationsService.updateNotification(request.ctx, request.params.id, request.body),
  );

  app.post('/notifications/mark_all_read/', { schema: { tags, body: MarkAllReadBody, response: { 200: MarkAllReadResponse } } }, async (request) =>
    notificationsService.markAllRead(request.ctx),
  );

  app.get(
    '/system_notifications/',
    { schema: { tags, querystring: ListSystemNotificationsQuery, response: { 200: SystemNotificationPage } } },
    async (request) => notificationsService.listSystemNotifications(request.ctx, request.query, absoluteUrl(app.deps.config.publicUrl, request.url)),
  );

  app.put(
    '/system_notifications/:id/',
    {
      config: { pathObject: ownedBy(systemNotifications) },
      schema: { tags, params: IdParams, body: UpdateSystemNotificationBody, response: { 200: SystemNotificationResponse } },
    },
    async (request) => notificationsService.updateSystemNotification(request.ctx, request.params.id, request.body),
  );

  app.post('/feedback/', { schema: { tags, body: FeedbackBody, response: { 201: FeedbackResponse } } }, async (request, reply) =>
    reply.status(201).send(await notificationsService.createFeedback(request.ctx, request.body)),
  );
};
