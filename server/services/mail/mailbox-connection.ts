/**
 * Connections to a real mailbox (issue 16): IMAP with imapflow, SMTP with nodemailer. Every
 * use opens one short connection and always closes it. Neither library logs (a login line
 * would carry the user name, and a debug log the password).
 */
import { rootCertificates } from 'node:tls';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { TlsMode } from '../../../contract/email-agents';

export interface Endpoint {
  host: string;
  port: number;
  tls: TlsMode;
}

export interface MailboxConnection {
  imap: Endpoint;
  smtp: Endpoint;
  username: string;
  password: string;
  /** Extra certificates (PEM) to trust besides the system's: EMAIL_CA_FILE. */
  ca?: string;
}

const TIMEOUT_MS = 15_000;

/** TLS options: the system's roots plus EMAIL_CA_FILE's (a `ca` alone would replace them). */
function tlsOptions(c: MailboxConnection) {
  return c.ca ? { ca: [...rootCertificates, c.ca] } : undefined;
}

export function imapClient(c: MailboxConnection): ImapFlow {
  return new ImapFlow({
    host: c.imap.host,
    port: c.imap.port,
    secure: c.imap.tls === 'tls',
    // 'starttls' insists on the upgrade; 'none' never tries it.
    doSTARTTLS: c.imap.tls === 'starttls' ? true : c.imap.tls === 'none' ? false : undefined,
    auth: { user: c.username, pass: c.password },
    tls: tlsOptions(c),
    logger: false,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 5 * 60_000,
    disableAutoIdle: true,
  });
}

/** Runs `work` on a fresh, logged-in IMAP connection and always closes it. */
export async function withImap<T>(
  c: MailboxConnection,
  work: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = imapClient(c);
  // A dropped connection emits 'error'; without a listener that would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await work(client);
  } finally {
    if (client.usable) await client.logout().catch(() => client.close());
    else client.close();
  }
}

export function smtpTransport(c: MailboxConnection) {
  const options: SMTPTransport.Options = {
    host: c.smtp.host,
    port: c.smtp.port,
    secure: c.smtp.tls === 'tls',
    requireTLS: c.smtp.tls === 'starttls',
    ignoreTLS: c.smtp.tls === 'none',
    auth: { user: c.username, pass: c.password },
    tls: tlsOptions(c),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 60_000,
    logger: false,
    debug: false,
  };
  return nodemailer.createTransport(options);
}

/** A short, readable reason a probe failed (never the password). */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const e = error as Error & { code?: string; responseText?: string; response?: string };
  if (e.code === 'ECONNREFUSED' || /ECONNREFUSED/.test(e.message)) return 'connection refused';
  if (e.code === 'ETIMEDOUT' || /timeout/i.test(e.message)) return 'no answer (timed out)';
  if (e.code === 'ENOTFOUND' || /ENOTFOUND|EAI_AGAIN/.test(e.message)) return 'unknown host';
  if (e.code === 'EAUTH' || e.responseText || /auth/i.test(e.message))
    return `login refused: ${(e.responseText ?? e.response ?? e.message).slice(0, 200)}`;
  return e.message.slice(0, 200);
}

export interface Probe {
  ok: boolean;
  error: string | null;
}

export async function probeImap(c: MailboxConnection): Promise<Probe> {
  try {
    await withImap(c, async (client) => {
      await client.status('INBOX', { messages: true });
    });
    return { ok: true, error: null };
  } catch (error) {
    const e = error as { authenticationFailed?: boolean };
    return { ok: false, error: e.authenticationFailed ? 'login refused' : reason(error) };
  }
}

export async function probeSmtp(c: MailboxConnection): Promise<Probe> {
  const transport = smtpTransport(c);
  try {
    await transport.verify();
    return { ok: true, error: null };
  } catch (error) {
    return { ok: false, error: reason(error) };
  } finally {
    transport.close();
  }
}
