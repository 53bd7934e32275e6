/**
 * Editing an SOP's details after upload: its name and what the upload form set (department,
 * client, industry, product type), with the upload's checks. Its files are not touched (their
 * versions stay as they are; replacing the file is PUT /sop/documents/update/{id}).
 *
 * Rights (SPEC §6 names Sop.UPDATE for changing an SOP): UPDATE in the SOP's department, and,
 * when it moves, UPDATE in the department it moves to as well, so nobody can push an SOP into a
 * department whose SOPs they could not change themselves. Checklists made from it keep the name
 * and client they were made with (they record what was shipped against).
 */
import { departmentScope, inScope } from '../../../contract/access';
import type { SopDetails, SopDocument } from '../../../contract/sop';
import { nowIso } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { Actor } from '../identity/public';
import type { SopRepo } from './repo';
import { assertRight, notFound } from './shape';

const fieldError = (path: string, message: string, text: string) =>
  new AppError(400, 'VALIDATION_ERROR', text, { fields: [{ path, message }] });

export function createSopDetails(repo: SopRepo, shaped: (ids: number[]) => Promise<SopDocument[]>) {
  return {
    async edit(actor: Actor, id: number, input: SopDetails): Promise<SopDocument> {
      const record = await repo.find(id);
      if (!record) throw notFound();
      assertRight(actor, record.department_id, 'UPDATE');
      if (input.department_id !== record.department_id) {
        if (!(await repo.departmentExists(input.department_id)))
          throw fieldError('department_id', 'not_found', 'The chosen department does not exist.');
        if (!inScope(departmentScope(actor.subject, 'Sop', 'UPDATE'), input.department_id))
          throw new AppError(
            403,
            'FORBIDDEN',
            'You may not move SOPs to this department (Sop.UPDATE).',
            { fields: [{ path: 'department_id', message: 'forbidden' }] },
          );
      }
      if (!(await repo.clientExists(input.client_id)))
        throw fieldError('client_id', 'not_found', 'The chosen client does not exist.');
      // One row, one statement: the details change together or not at all.
      await repo.db
        .updateTable('sop_documents')
        .set({
          name: input.name,
          department_id: input.department_id,
          client_id: input.client_id,
          industry: input.industry,
          product_type: input.product_type,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      return (await shaped([id]))[0];
    },
  };
}
