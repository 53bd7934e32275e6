/** HTTP side of departments (SPEC §7 Departments): default administrators only (SPEC §6). */
import { messageResponseSchema } from '../../../contract/auth';
import {
  departmentInputSchema,
  departmentPageSchema,
  departmentSchema,
  departmentsQuerySchema,
} from '../../../contract/identity';
import { apiRoutes } from '../../../contract/api-paths';
import type { Api } from '../../http/route-contract';
import { idParams } from '../identity/params';
import type { DepartmentService } from './service';

const config = { admin: true };
const tags = ['Departments'];

export function registerDepartmentRoutes(api: Api, s: { departments: DepartmentService }) {
  api.get(
    apiRoutes.departments,
    {
      config,
      schema: {
        tags,
        summary: 'List departments',
        querystring: departmentsQuerySchema,
        response: { 200: departmentPageSchema },
      },
    },
    async (request) => s.departments.list(request.query),
  );

  // Not in SPEC §7; the shared add/update/view screen reads one department after a reload.
  api.get(
    apiRoutes.department,
    {
      config,
      schema: {
        tags,
        summary: 'Read a department',
        params: idParams,
        response: { 200: departmentSchema },
      },
    },
    async (request) => s.departments.get(request.params.id),
  );

  api.post(
    apiRoutes.departments,
    {
      config,
      schema: {
        tags,
        summary: 'Create a department',
        body: departmentInputSchema,
        response: { 201: departmentSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await s.departments.create(request.body)),
  );

  api.put(
    apiRoutes.department,
    {
      config,
      schema: {
        tags,
        summary: 'Update a department',
        params: idParams,
        body: departmentInputSchema,
        response: { 200: departmentSchema },
      },
    },
    async (request) => s.departments.update(request.params.id, request.body),
  );

  api.delete(
    apiRoutes.departmentDelete,
    {
      config,
      schema: {
        tags,
        summary: 'Delete a department',
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => s.departments.remove(request.params.id),
  );
}
