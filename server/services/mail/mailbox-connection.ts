/**
 * Connections to a real mailbox: IMAP with imapflow, SMTP with nodemailer. Every
 * use opens one short connection and always closes it. Neither library logs (a login line
 * would carry the user name, and a debug log the password).
 *
 * Every connection follows the integrations' host policy: the host is resolved and checked
 * once, and the socket goes to the checked address (a second DNS answer cannot move it to
 * another one), while TLS still verifies the certificate against the host's name. A failure to
 * connect or log in reads the same whatever answered (connection-failure.ts).
 */
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { ImapFlow } from 'imapflow';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ConnectionFailure, TlsMode } from '../../../contract/email-agents';
import type { IntegrationHosts, Requester } from '../fetch/integration-hosts';
import { connectionFailure, MailConnectionError, type MailProtocol } from './connection-failure';

export { MailConnectionError };

export interface Endpoint {
  host: string;
  port: number;
  tls: TlsMode;
}

/** Where connections may go (the integrations' host policy) and for whom they are made. */
export interface Reach {
  hosts: IntegrationHosts;
  requester: Requester;
}

export interface MailboxConnection {
  imap: Endpoint;
  smtp: Endpoint;
  username: string;
  password: string;
  /** Extra certificates (PEM) to trust besides the system's: EMAIL_CA_FILE. */
  ca?: string;
  reach: Reach;
}

const TIMEOUT_MS = 15_000;

function failure(c: MailboxConnection, protocol: MailProtocol, error: unknown) {
  return connectionFailure(protocol, error, {
    username: c.username,
    password: c.password,
    requester: c.reach.requester,
  });
}

/** The checked address of the endpoint's host; throws a MailConnectionError when refused. */
async function pinned(c: MailboxConnection, protocol: MailProtocol): Promise<string> {
  try {
    return (await c.reach.hosts.pin(c[protocol].host, c.reach.requester)).address;
  } catch (error) {
    throw failure(c, protocol, error);
  }
}

/** The name the certificate must carry: the host as entered (an address verifies as itself). */
const serverName = (host: string) => (isIP(host) ? undefined : host);

/** TLS options: the system's roots plus EMAIL_CA_FILE's (a `ca` alone would replace them). */
function tlsOptions(c: MailboxConnection, host: string) {
  const servername = serverName(host);
  return {
    ...(c.ca ? { ca: [...rootCertificates, c.ca] } : {}),
    ...(servername ? { servername } : {}),
  };
}

function imapClient(c: MailboxConnection, address: string): ImapFlow {
  return new ImapFlow({
    host: address,
    servername: serverName(c.imap.host),
    port: c.imap.port,
    secure: c.imap.tls === 'tls',
    // 'starttls' insists on the upgrade; 'none' never tries it.
    doSTARTTLS: c.imap.tls === 'starttls' ? true : c.imap.tls === 'none' ? false : undefined,
    auth: { user: c.username, pass: c.password },
    tls: tlsOptions(c, c.imap.host),
    logger: false,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 5 * 60_000,
    disableAutoIdle: true,
  });
}

/**
 * Runs `work` on a fresh, logged-in IMAP connection and always closes it. A failure to connect
 * or log in is a MailConnectionError; `work`'s own errors pass unchanged.
 */
export async function withImap<T>(
  c: MailboxConnection,
  work: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = imapClient(c, await pinned(c, 'imap'));
  // A dropped connection emits 'error'; without a listener that would end the process.
  client.on('error', () => undefined);
  try {
    try {
      await client.connect();
    } catch (error) {
      throw failure(c, 'imap', error);
    }
    return await work(client);
  } finally {
    if (client.usable) await client.logout().catch(() => client.close());
    else client.close();
  }
}

/** How to reach the SMTP server at the checked address, without the credentials. */
function smtpOptions(c: MailboxConnection, address: string): SMTPConnection.Options {
  return {
    host: address,
    servername: serverName(c.smtp.host),
    port: c.smtp.port,
    secure: c.smtp.tls === 'tls',
    requireTLS: c.smtp.tls === 'starttls',
    ignoreTLS: c.smtp.tls === 'none',
    tls: tlsOptions(c, c.smtp.host),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 60_000,
    logger: false,
    debug: false,
  };
}

function smtpTransport(c: MailboxConnection, address: string) {
  const options: SMTPTransport.Options = {
    ...smtpOptions(c, address),
    auth: { user: c.username, pass: c.password },
  };
  return nodemailer.createTransport(options);
}

/** nodemailer's codes for the server's answer to a message, given after the login. */
const MESSAGE_REFUSALS = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * Runs `work` with an SMTP transport to the checked address and always closes it. A failure to
 * connect or log in is a MailConnectionError; the server's refusal of a message passes unchanged.
 */
export async function withSmtp<T>(
  c: MailboxConnection,
  work: (transport: Transporter<SMTPTransport.SentMessageInfo>) => Promise<T>,
): Promise<T> {
  const transport = smtpTransport(c, await pinned(c, 'smtp'));
  try {
    return await work(transport);
  } catch (error) {
    if (MESSAGE_REFUSALS.has(String((error as { code?: unknown }).code))) throw error;
    throw failure(c, 'smtp', error);
  } finally {
    transport.close();
  }
}

export interface Probe {
  ok: boolean;
  code: ConnectionFailure | null;
  /** The neutral text of `code`. */
  error: string | null;
  /**
   * What a test that got through proved: true when it signed in with the password; false when
   * the server offers no login at all (an SMTP relay for a trusted network), so the password
   * was not checked. Absent on a failure.
   */
  signedIn?: boolean;
  /** Whether the connection was encrypted (TLS from the first byte, or after STARTTLS). */
  tls?: boolean;
  /** What happened, for the server's log only. */
  detail?: string;
}

function failed(c: MailboxConnection, protocol: MailProtocol, error: unknown): Probe {
  const f = failure(c, protocol, error);
  return { ok: false, code: f.code, error: f.message, detail: f.detail };
}

/** IMAP always signs in (a connection that may not is no use to the agent). */
export async function probeImap(c: MailboxConnection): Promise<Probe> {
  try {
    const tls = await withImap(c, async (client) => {
      await client.status('INBOX', { messages: true });
      return client.secureConnection;
    });
    return { ok: true, code: null, error: null, signedIn: true, tls };
  } catch (error) {
    return failed(c, 'imap', error);
  }
}

/**
 * Connects as sending does, then signs in when the server offers a login. nodemailer's own
 * verify() answers true without a word when the EHLO offers no AUTH, which "Test connection"
 * once read as "login works" whatever the password: here the answer says which it was.
 */
export async function probeSmtp(c: MailboxConnection): Promise<Probe> {
  try {
    const connection = new SMTPConnection(smtpOptions(c, await pinned(c, 'smtp')));
    const found = await new Promise<{ signedIn: boolean; tls: boolean }>((resolve, reject) => {
      let settled = false;
      const settle = (error: Error | null, value?: { signedIn: boolean; tls: boolean }) => {
        if (settled) return;
        settled = true;
        if (error || !value) {
          connection.close();
          reject(error ?? new Error('no answer'));
        } else {
          connection.quit();
          resolve(value);
        }
      };
      connection.once('error', (error) => settle(error));
      connection.once('end', () => settle(new Error('Connection closed')));
      connection.connect((error) => {
        if (error) return settle(error);
        // Set from the EHLO's AUTH line (the typings leave it out).
        const offered = (connection as unknown as { allowsAuth?: boolean }).allowsAuth === true;
        const tls = connection.secure;
        if (!offered) return settle(null, { signedIn: false, tls });
        connection.login({ user: c.username, pass: c.password }, (refused) =>
          settle(refused ?? null, { signedIn: true, tls }),
        );
      });
    });
    return { ok: true, code: null, error: null, ...found };
  } catch (error) {
    return failed(c, 'smtp', error);
  }
}
