/**
 * Route permissions: `config: { permission: { module, action } }` (or a list of them, any one
 * sufficing) or `config: { admin: true }`, decided by contract's hasPermission, the same rule
 * module the SPA uses (SPEC §6).
 */
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../contract/access';
import { errors } from '../http/app-error';

export function registerPermissions(api: FastifyInstance): void {
  // Before validation: a person without the right learns nothing from a 400 about the input.
  api.addHook('preValidation', async (request) => {
    const { permission, admin } = request.routeOptions.config;
    if (!request.auth || (!permission && !admin)) return;
    const subject = await request.auth.subject();
    if (admin && !subject.is_defaultadmin)
      throw errors.forbidden('Only the default administrator may do this.');
    const anyOf =
      permission === undefined ? [] : Array.isArray(permission) ? permission : [permission];
    if (anyOf.length > 0 && !anyOf.some((p) => hasPermission(subject, p.module, p.action)))
      throw errors.forbidden();
  });
}
