import { z } from 'zod';

/** Every error the API answers has this body (DESIGN: `{ message, code }`). */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  /** For validation errors: which field failed and the `validation:` i18n key that says why. */
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** For lockouts and rate limits: seconds until another try is allowed. */
  retry_after: z.number().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Machine-readable error codes; the SPA translates them with `errors:codes.<CODE>`. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_API_KEY',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'ACCOUNT_DISABLED',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'TOKEN_USED',
  'WRONG_PASSWORD',
  'PASSWORD_COMMON',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CONFLICT',
  'NAME_TAKEN',
  'PRIVILEGE_ESCALATION',
  'SELF_MODIFICATION',
  'LAST_DEFAULT_ADMIN',
  'DEPARTMENT_IN_USE',
  'ROLE_IN_USE',
  // Chat widgets: login by key, visitor tokens and the visitors' limits.
  'WIDGET_KEY_INVALID',
  'WIDGET_DISABLED',
  'ORIGIN_NOT_ALLOWED',
  'VISITOR_FORBIDDEN',
  'QUOTA_EXCEEDED',
  // Helpdesk: no active helpdesk serves the person opening it.
  'HELPDESK_NOT_CONFIGURED',
  // Helpdesk tickets: a retry of one that waits for a helpdesk, or that the helpdesk has.
  'TICKET_WAITING',
  'TICKET_DELIVERED',
  // Database sources.
  'DB_CONNECTION_FAILED',
  'DB_QUERY_REFUSED',
  'DB_QUERY_TIMEOUT',
  'DB_QUERY_FAILED',
  // SOP repository: a department that still files SOP documents or checklists.
  'DEPARTMENT_HAS_SOPS',
  // Stored files: the bucket does not answer (the file itself may well be there).
  'STORAGE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
