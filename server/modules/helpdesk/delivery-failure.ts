/**
 * Why a webhook post failed, as the code the console translates (contract `deliveryFailureCodes`)
 * with the HTTP status when one came back; the server's own words go to the log only.
 */
import type { DeliveryFailure } from '../../../contract/helpdesk-api';

export class DeliveryError extends Error {
  constructor(
    readonly code: DeliveryFailure,
    message: string,
    /** The helpdesk's HTTP status, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
]);

/** The code of anything a post threw: a DeliveryError's own, else read from Node's error. */
export function failureOf(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const e = error as { name?: string; code?: string; message?: string } | undefined;
  const message = String(e?.message ?? error);
  const code = e?.code ?? '';
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || code === 'ETIMEDOUT')
    return new DeliveryError('timeout', message);
  if (UNREACHABLE.has(code)) return new DeliveryError('unreachable', message);
  if (/^(ERR_TLS|ERR_SSL|CERT_)|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/.test(code))
    return new DeliveryError('tls', message);
  return new DeliveryError('failed', message);
}
