/**
 * Identity: sign-in and sessions, sign-up and password reset, one's own profile, departments,
 * roles and users with their history, and the permission catalogue. One module because its
 * writers share the repositories: a role or user change and its history row commit together.
 */
import { defineModule } from '../../module';
import { createDeviceCookies } from '../auth/device-cookies';
import { createPasswordResetService } from '../auth/password-reset-service';
import { createRegistrationService } from '../auth/registration-service';
import { createAuthRepo } from '../auth/repo';
import { registerAuthRoutes } from '../auth/routes';
import { createSessionService } from '../auth/service';
import { createThrottle } from '../auth/throttle';
import { createDepartmentsRepo } from '../departments/repo';
import { registerDepartmentRoutes } from '../departments/routes';
import { createDepartmentService } from '../departments/service';
import { createPermissionCatalogue } from '../permissions/repo';
import { registerPermissionRoutes } from '../permissions/routes';
import { createProfileRepo } from '../profile/repo';
import { registerProfileRoutes } from '../profile/routes';
import { createProfileService } from '../profile/service';
import { turnLogModule } from '../reports/turn-log-module';
import { createRoleHistoryService } from '../roles/history-service';
import { createRolesRepo } from '../roles/repo';
import { registerRoleRoutes } from '../roles/routes';
import { createRoleService } from '../roles/service';
import { createRoleWriter } from '../roles/writer';
import { serviceAgentModule } from '../service-agent/module';
import { createDeletedUserService } from '../users/deleted-service';
import { createUserHistoryService } from '../users/history-service';
import { createUsersRepo } from '../users/repo';
import { registerUserRoutes } from '../users/routes';
import { createUserService } from '../users/service';
import { createUserWriter } from '../users/writer';
import { createMailLinks } from './mail-links';

export const identityModule = defineModule({
  name: 'identity',
  build(core, from) {
    const { config, database, mailer, tokens, log, background } = core;
    const { db } = database;
    const authRepo = createAuthRepo(db);
    const mailDeps = { repo: authRepo, mailer, log, background };
    const throttle = createThrottle(database);
    const departmentsRepo = createDepartmentsRepo(db);
    const rolesRepo = createRolesRepo(db, database.dialect);
    const usersRepo = createUsersRepo(db, database.dialect, from(turnLogModule).turnLog);
    const roleWriter = createRoleWriter(database, rolesRepo, departmentsRepo);
    const userWriter = createUserWriter({
      users: usersRepo,
      roles: rolesRepo,
      departments: departmentsRepo,
      auth: authRepo,
    });
    const users = createUserService({
      database,
      users: usersRepo,
      writer: userWriter,
      mailer,
      log,
    });
    return {
      sessions: createSessionService({
        repo: authRepo,
        tokens,
        sessionTtlSeconds: config.sessionTtlSeconds,
        throttle,
        devices: createDeviceCookies(config.jwtSecret),
      }),
      registration: createRegistrationService(mailDeps),
      passwordReset: createPasswordResetService({ ...mailDeps, throttle }),
      mailLinks: createMailLinks(config),
      /** The per-address limit of the public sign-in, sign-up and reset routes. */
      authRateLimit: { max: config.authRateLimit, timeWindow: '1 minute' },
      // Login by a widget's key is a sign-in route too; the widget module checks the key.
      visitorLogin: from(serviceAgentModule).visitorLogin,
      profiles: createProfileService(createProfileRepo(db), authRepo),
      permissionCatalogue: createPermissionCatalogue(db),
      departments: createDepartmentService(database, departmentsRepo),
      roles: createRoleService(database, rolesRepo, roleWriter),
      roleHistory: createRoleHistoryService(database, rolesRepo, roleWriter),
      users,
      userHistory: createUserHistoryService({
        database,
        users: usersRepo,
        writer: userWriter,
        service: users,
      }),
      deletedUsers: createDeletedUserService({
        database,
        users: usersRepo,
        writer: userWriter,
        service: users,
      }),
      defaultAdminId: () => usersRepo.firstAdminId(),
    };
  },
  expose: ({ sessions, profiles, defaultAdminId }) => ({ sessions, profiles, defaultAdminId }),
  routes(api, services) {
    registerAuthRoutes(api, services);
    registerProfileRoutes(api, services);
    registerPermissionRoutes(api, services);
    registerDepartmentRoutes(api, services);
    registerRoleRoutes(api, services);
    registerUserRoutes(api, services);
  },
});
