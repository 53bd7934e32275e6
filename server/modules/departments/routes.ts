/** HTTP side of departments (SPEC §7 Departments): default administrators only (SPEC §6). */
import type { FastifyInstance } from 'fastify';
import { messageResponseSchema } from '../../../contract/auth';
import {
  departmentInputSchema,
  departmentPageSchema,
  departmentSchema,
  departmentsQuerySchema,
} from '../../../contract/identity';
import { apiRoutes } from '../../../contract/api-paths';
import type { Services } from '../../container';
import { parseInput, shape } from '../../http/validate';
import { idParams } from '../identity/params';

export function registerDepartmentRoutes(api: FastifyInstance, s: Pick<Services, 'departments'>) {
  const config = { admin: true };

  api.get(apiRoutes.departments, { config }, async (request) => {
    const query = parseInput(departmentsQuerySchema, request.query, 'query');
    return shape(departmentPageSchema, await s.departments.list(query));
  });

  // Not in SPEC §7; the shared add/update/view screen reads one department after a reload.
  api.get(apiRoutes.department, { config }, async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(departmentSchema, await s.departments.get(id));
  });

  api.post(apiRoutes.departments, { config }, async (request, reply) => {
    const body = parseInput(departmentInputSchema, request.body);
    return reply.code(201).send(shape(departmentSchema, await s.departments.create(body)));
  });

  api.put(apiRoutes.department, { config }, async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const body = parseInput(departmentInputSchema, request.body);
    return shape(departmentSchema, await s.departments.update(id, body));
  });

  api.delete(apiRoutes.departmentDelete, { config }, async (request) => {
    const { id } = parseInput(idParams, request.params, 'params');
    return shape(messageResponseSchema, await s.departments.remove(id));
  });
}
