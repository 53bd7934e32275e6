/**
 * Every route module of the API, registered the same way: `register(api, services)`, each
 * typed to take only the services it uses. A new area adds its module here (see README,
 * "Add an endpoint").
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from './container';
import { registerApiKeyRoutes } from './modules/api-keys/routes';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerAnswerRoutes } from './modules/chat/answering/routes';
import { registerConversationRoutes } from './modules/chat/conversations/routes';
import { registerDbSourceRoutes } from './modules/db-sources/routes';
import { registerDepartmentRoutes } from './modules/departments/routes';
import { registerDownloadRoutes } from './modules/download/routes';
import { registerEmailAgentRoutes } from './modules/email-agents/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerHelpdeskRoutes } from './modules/helpdesk/routes';
import { registerKnowledgeRoutes } from './modules/knowledge/routes';
import { registerPermissionRoutes } from './modules/permissions/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerReportRoutes } from './modules/reports/routes';
import { registerRoleRoutes } from './modules/roles/routes';
import { registerServiceAgentRoutes } from './modules/service-agent/routes';
import { registerVisitorRoutes } from './modules/service-agent/visitor-routes';
import { registerChecklistRoutes } from './modules/sop/checklist-routes';
import { registerChecklistService } from './modules/sop/checklist-service';
import { registerSopRoutes } from './modules/sop/routes';
import { registerUserRoutes } from './modules/users/routes';
import { registerVisualRoutes } from './modules/visuals/routes';

export type RouteModule = (api: FastifyInstance, services: Services) => void;

export const apiRouteModules: readonly RouteModule[] = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerProfileRoutes,
  registerPermissionRoutes,
  registerEmailAgentRoutes,
  registerDepartmentRoutes,
  registerRoleRoutes,
  registerUserRoutes,
  registerAnswerRoutes,
  registerConversationRoutes,
  registerVisualRoutes,
  registerDownloadRoutes,
  registerKnowledgeRoutes,
  registerServiceAgentRoutes,
  registerVisitorRoutes,
  registerSopRoutes,
  registerChecklistRoutes,
  registerChecklistService,
  registerReportRoutes,
  registerHelpdeskRoutes,
  registerDbSourceRoutes,
  registerApiKeyRoutes,
];
