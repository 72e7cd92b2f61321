import type { FastifyInstance } from 'fastify';
import { adminPlugin } from '../../plugins/admin.js';
import { registerAccountDataHook } from '../accounts/accounts.service.js';
import { analyticsAdminRoutes, analyticsRoutes } from '../analytics/analytics.routes.js';
import { exportEvents, unlinkEvents } from '../analytics/analytics.service.js';
import { crowdAdminRoutes } from '../crowd/crowd.admin-routes.js';
import { crowdRuleOf } from '../crowd/crowd-rule.js';
import { appDataAdminRoutes } from './appdata.admin-routes.js';
import { auditOf } from './appdata.http.js';
import { appDataRoutes } from './appdata.routes.js';
import { applyStoredBannedTags, createAppDataContext } from './appdata.service.js';
import { countdownRoutes } from './countdown.routes.js';
import { eraseFeedback, exportFeedback } from './feedback-data.service.js';

/** App data, feedback and analytics under /api; their admin routes, and the crowd's, under /api/admin. */
export async function registerAppData(app: FastifyInstance): Promise<void> {
  const { now } = app.config;
  const context = createAppDataContext(app.database, {
    now,
    countdownDate: app.config.COUNTDOWN_DATE,
    minimumVersion: app.config.APP_MINIMUM_VERSION,
  });
  const analytics = { database: app.database, now };
  await applyStoredBannedTags(context);
  registerAccountDataHook(app.accounts, {
    name: 'feedback',
    exportData: ({ database, userId }) => exportFeedback(database, userId),
    eraseData: ({ database, userId }) => eraseFeedback(database, userId),
  });
  registerAccountDataHook(app.accounts, {
    name: 'analyticsEvents',
    exportData: ({ database, userId }) => exportEvents(database, userId),
    eraseData: ({ database, userId }) => unlinkEvents(database, userId),
  });
  await app.register(appDataRoutes, { prefix: '/api', context });
  await app.register(countdownRoutes, { prefix: '/api' });
  await app.register(analyticsRoutes(analytics), { prefix: '/api' });
  await app.register(adminPlugin, {
    prefix: '/api/admin',
    routes: [
      appDataAdminRoutes(context),
      analyticsAdminRoutes(analytics),
      crowdAdminRoutes({
        context: app.hashtags,
        rule: crowdRuleOf(app.config),
        audit: (request) => auditOf(context, request),
      }),
    ],
  });
}
