/** Builds the services of one app instance from its dependencies (no I/O). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps';
import { createPasswordResetService } from './modules/auth/password-reset-service';
import { createRegistrationService } from './modules/auth/registration-service';
import { createAuthRepo } from './modules/auth/repo';
import { createSessionService } from './modules/auth/service';
import { createThrottle } from './modules/auth/throttle';
import { createEmailAgentService } from './modules/email-agents/service';
import { createProfileRepo } from './modules/profile/repo';
import { createProfileService } from './modules/profile/service';
import { createDepartmentsRepo } from './modules/departments/repo';
import { createDepartmentService } from './modules/departments/service';
import { createRolesRepo } from './modules/roles/repo';
import { createRoleService } from './modules/roles/service';
import { createUserHistoryService } from './modules/users/history-service';
import { createUsersRepo } from './modules/users/repo';
import { createUserService } from './modules/users/service';
import { createUserWriter } from './modules/users/writer';
import { createBackgroundTasks } from './services/background';

export function createServices(deps: AppDeps, log: FastifyBaseLogger) {
  const { db } = deps.database;
  const authRepo = createAuthRepo(db);
  const background = createBackgroundTasks(log);
  const mailDeps = { repo: authRepo, mailer: deps.mailer, log, background };
  const throttle = createThrottle(deps.database);
  const departmentsRepo = createDepartmentsRepo(db);
  const rolesRepo = createRolesRepo(db, deps.database.dialect);
  const usersRepo = createUsersRepo(db, deps.database.dialect);
  const userWriter = createUserWriter({
    users: usersRepo,
    roles: rolesRepo,
    departments: departmentsRepo,
    auth: authRepo,
  });
  const users = createUserService({
    database: deps.database,
    users: usersRepo,
    writer: userWriter,
    mailer: deps.mailer,
    log,
  });
  return {
    background,
    sessions: createSessionService({
      repo: authRepo,
      tokens: deps.tokens,
      sessionTtlSeconds: deps.config.sessionTtlSeconds,
      throttle,
    }),
    registration: createRegistrationService(mailDeps),
    passwordReset: createPasswordResetService({ ...mailDeps, throttle }),
    profiles: createProfileService(createProfileRepo(db), authRepo),
    emailAgents: createEmailAgentService(db),
    departments: createDepartmentService(deps.database, departmentsRepo),
    roles: createRoleService(deps.database, rolesRepo, departmentsRepo),
    users,
    userHistory: createUserHistoryService({
      database: deps.database,
      users: usersRepo,
      writer: userWriter,
      service: users,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
