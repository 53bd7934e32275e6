/** SOP rows as the contract shapes them, and the rights check every SOP call shares. */
import { departmentScope, inScope } from '../../../contract/access';
import type { ActionName } from '../../../contract/permissions';
import type { SopDocument, SopFile } from '../../../contract/sop';
import type { SopFileRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Actor, ActorNames } from '../identity/public';
import type { SopRecord } from './repo';

export const notFound = (what = 'SOP document') =>
  new AppError(404, 'NOT_FOUND', `The ${what} was not found.`);

/**
 * Department scope (SPEC §6): a record outside the departments where the actor may
 * list SOPs does not exist for them (404); one they may list but not act on is 403.
 */
export function assertRight(actor: Actor, departmentId: number, action: ActionName) {
  if (!inScope(departmentScope(actor.subject, 'Sop', 'LIST_VIEW'), departmentId)) throw notFound();
  if (!inScope(departmentScope(actor.subject, 'Sop', action), departmentId))
    throw new AppError(403, 'FORBIDDEN', `You may not do this (Sop.${action}) in this department.`);
}

function toFile(f: SopFileRow, names: ActorNames): SopFile {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    size_bytes: f.size_bytes,
    page_count: f.page_count,
    version: f.version,
    uploaded_at: f.uploaded_at,
    uploaded_by: f.uploaded_by === null ? '' : (names.get(f.uploaded_by) ?? ''),
  };
}

export function toSopDocument(r: SopRecord, names: ActorNames): SopDocument {
  return {
    id: r.id,
    name: r.name,
    department_id: r.department_id,
    department_name: r.department_name,
    client_id: r.client_id,
    client_name: r.client_name,
    industry: r.industry,
    product_type: r.product_type,
    archived: r.archived_at !== null,
    archive_comment: r.archive_comment,
    archived_at: r.archived_at,
    archived_by: r.archived_by_name,
    page_count: r.page_count,
    requirement_count: r.requirement_count,
    versions: r.files.filter((f) => f.kind === 'sop').map((f) => toFile(f, names)),
    references: r.files.filter((f) => f.kind === 'reference').map((f) => toFile(f, names)),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
