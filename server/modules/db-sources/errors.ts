/** The answers of the database-source area, worded once (the SPA translates them by code). */
import {
  DB_TYPE_LABELS,
  privilegedAccountMessage,
  type DbFailure,
  type DbSourceType,
} from '../../../contract/db-sources';
import { AppError, errors } from '../../http/app-error';
import type { RefusalReason } from './read-only-guard';

/** Which form field a connection failure points at. */
const FAILED_FIELD: Record<DbFailure, string> = {
  unreachable: 'host',
  host_refused: 'host',
  timeout: 'host',
  auth_failed: 'username',
  database_missing: 'database',
  database_denied: 'database',
  not_a_database: 'database',
  path_refused: 'database',
  sqlite_disabled: 'db_type',
  privileged_account: 'username',
  password_required: 'password',
  unknown: 'host',
};

/** `fields` names what failed: `db-sources:failure.<kind>` on the field at fault. */
const connection = (failure: DbFailure, detail: string) =>
  new AppError(422, 'DB_CONNECTION_FAILED', `The connection failed: ${detail}`, {
    fields: [{ path: FAILED_FIELD[failure], message: `db-sources:failure.${failure}` }],
  });

export const dbSourceErrors = {
  notFound: () => errors.notFound('No such database source in your departments.'),
  departmentForbidden: (id: number) =>
    errors.forbidden(`You may not manage database sources of department ${id}.`),
  unknownDepartment: (id: number) =>
    errors.validation(`No department has the id ${id}.`, [
      { path: 'department_id', message: 'validation:unknownDepartment' },
    ]),
  inactive: () =>
    new AppError(409, 'CONFLICT', 'This database source is switched off. Switch it on first.'),
  connection,
  /** Every network failure reads the same: refused, silent or another protocol. */
  unreachable: (type: DbSourceType) =>
    connection(
      'unreachable',
      `Could not connect to a ${DB_TYPE_LABELS[type]} server at this address.`,
    ),
  privileged: (rights: readonly string[]) =>
    connection('privileged_account', privilegedAccountMessage(rights)),
  /** A stored password goes nowhere but where it was stored for. */
  passwordRequired: (changed: readonly string[]) =>
    connection(
      'password_required',
      `Enter the password again: the ${changed.join(', ')} changed, and the stored password goes only to the stored server.`,
    ),
  trialRefused: () =>
    errors.forbidden('Trial accounts may not add, test or change database sources.'),
  refused: (reason: RefusalReason, detail: string) =>
    new AppError(
      422,
      'DB_QUERY_REFUSED',
      `Only a single read-only SELECT may run on a database source. ${detail}`,
      { fields: [{ path: 'sql', message: `db-sources:refusal.${reason}` }] },
    ),
  timeout: (ms: number) =>
    new AppError(
      422,
      'DB_QUERY_TIMEOUT',
      `The query ran longer than ${Math.round(ms / 1000)} s and was stopped.`,
    ),
  failed: (detail: string) =>
    new AppError(422, 'DB_QUERY_FAILED', `The database answered with an error: ${detail}`),
  /** Sum and average read numbers; on a text column MySQL answers zeros, others an error. */
  notNumeric: (aggregate: string) =>
    errors.validation(`The ${aggregate} of a column that does not hold numbers cannot be taken.`, [
      { path: 'measure', message: 'db-sources:refusal.not_numeric' },
    ]),
  unknownColumn: (path: string) =>
    errors.validation('The table or column is not in this source.', [
      { path, message: 'db-sources:refusal.unknown_column' },
    ]),
};
