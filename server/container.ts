/**
 * The composition root: every module of the API, in dependency order (a module is listed after
 * the modules it uses). buildApp builds them in this order and registers each as a plugin.
 */
import { apiKeysModule } from './modules/api-keys/module';
import { chatModule } from './modules/chat/module';
import { dbSourcesModule } from './modules/db-sources/module';
import { downloadModule } from './modules/download/module';
import { emailAgentsModule } from './modules/email-agents/module';
import { healthModule } from './modules/health/module';
import { helpdeskModule } from './modules/helpdesk/module';
import { identityModule } from './modules/identity/module';
import { knowledgeModule } from './modules/knowledge/module';
import { reportsModule } from './modules/reports/module';
import { turnLogModule } from './modules/reports/turn-log-module';
import { serviceAgentModule } from './modules/service-agent/module';
import { sopModule } from './modules/sop/module';
import { visualsModule } from './modules/visuals/module';

export const modules = [
  healthModule,
  turnLogModule,
  knowledgeModule,
  chatModule,
  serviceAgentModule,
  helpdeskModule,
  identityModule,
  dbSourcesModule,
  visualsModule,
  downloadModule,
  emailAgentsModule,
  sopModule,
  reportsModule,
  apiKeysModule,
] as const;
