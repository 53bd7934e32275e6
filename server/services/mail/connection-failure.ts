/**
 * Why a mailbox connection failed, told the same whatever answered. A refused port, a silent
 * one, a port speaking another protocol and a failed TLS handshake all read "unreachable":
 * otherwise "Test connection" would map which ports of a host are open and echo the greetings
 * of the services behind them. Only a server that spoke IMAP or SMTP far enough to refuse the
 * credentials gets its own reason, and even then without its text. The detail (error codes, the
 * server's words) is kept for the server's log, with the password taken out of it.
 */
import type { ConnectionFailure } from '../../../contract/email-agents';
import { HostRefused, refusalText, type Requester } from '../fetch/integration-hosts';

export type MailProtocol = 'imap' | 'smtp';

const TEXTS: Record<'unreachable' | 'login_refused', string> = {
  unreachable: 'The connection failed: no mail server answered there with this security setting.',
  login_refused: 'The mail server refused the login.',
};

export class MailConnectionError extends Error {
  constructor(
    readonly protocol: MailProtocol,
    readonly code: ConnectionFailure,
    message: string,
    /** For the log only: what happened, without the password. */
    readonly detail: string,
  ) {
    super(message);
    this.name = 'MailConnectionError';
  }
}

/** True when a mail server refused the credentials (not: a socket, TLS or greeting failure). */
function loginRefused(protocol: MailProtocol, error: unknown): boolean {
  const e = error as { authenticationFailed?: unknown; code?: unknown; responseCode?: unknown };
  if (protocol === 'imap') return e.authenticationFailed === true;
  // nodemailer: EAUTH with a numeric reply is the server's answer to AUTH; without one it is
  // a local refusal (no credentials, no method).
  return e.code === 'EAUTH' && typeof e.responseCode === 'number';
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The text with the password taken out, in clear and as AUTH PLAIN/LOGIN carry it. */
function withoutSecret(text: string, username: string, password: string): string {
  if (!password) return text;
  const forms = [
    base64(`\0${username}\0${password}`),
    base64(`${username}\0${username}\0${password}`),
    base64(password),
    password,
  ];
  return forms.reduce((out, form) => out.split(form).join('[hidden]'), text);
}

function detailOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const e = error as Error & { code?: unknown; response?: unknown; responseText?: unknown };
  const parts = [e.name, e.code, e.message, e.responseText ?? e.response];
  return parts
    .filter((p) => typeof p === 'string' && p)
    .join(' | ')
    .replace(/[^\x20-\x7e]/g, '?');
}

/** The failure of a connection attempt, in its neutral form. */
export function connectionFailure(
  protocol: MailProtocol,
  error: unknown,
  who: { username: string; password: string; requester: Requester },
): MailConnectionError {
  if (error instanceof MailConnectionError) return error;
  const detail = withoutSecret(detailOf(error), who.username, who.password).slice(0, 500);
  if (error instanceof HostRefused) {
    const code: ConnectionFailure =
      error.kind === 'not_found'
        ? 'host_not_found'
        : who.requester.trial
          ? 'host_closed_trial'
          : 'host_closed';
    return new MailConnectionError(protocol, code, refusalText(error, who.requester), detail);
  }
  const code = loginRefused(protocol, error) ? 'login_refused' : 'unreachable';
  return new MailConnectionError(protocol, code, TEXTS[code], detail);
}
