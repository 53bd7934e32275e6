/** Helpers for e-mail agent tests: account bodies, real SMTP sends, IMAP reads. */
import { readFileSync } from 'node:fs';
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { EmailAccountInput } from '../../contract/email-agents';
import type { MailServers } from './mail-servers';
import type { TestApp } from './test-app';

/**
 * The environment of an app that connects to the test mail servers: they listen on loopback,
 * which integrations reach only where the operator allows it, and the timer-driven sync stays
 * off unless `extra` turns it on.
 */
export function mailAppEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { EMAIL_SYNC_SECONDS: '0', INTEGRATION_HOSTS_ALLOW: '127.0.0.1', ...extra };
}

let counter = 0;

/** A fresh mailbox user on the test servers: address and password. */
export function mailUser(servers: MailServers, tag = 'box') {
  counter += 1;
  const address = `${tag}${counter}.${process.pid}${Date.now() % 100000}@example.test`;
  const password = `pw-${tag}-${counter}-secret`;
  servers.addUser(address, password);
  return { address, password };
}

export function accountBody(
  servers: MailServers,
  user: { address: string; password: string },
  overrides: Partial<EmailAccountInput> = {},
): EmailAccountInput {
  return {
    email: user.address,
    title: 'Support desk',
    department_id: 1,
    imap_host: servers.host,
    imap_port: servers.imapPort,
    imap_tls: 'none',
    smtp_host: servers.host,
    smtp_port: servers.smtpPort,
    smtp_tls: 'none',
    username: user.address,
    password: user.password,
    ...overrides,
  };
}

export async function createAccount(t: TestApp, token: string, body: EmailAccountInput) {
  const res = await t.api('POST', '/api/email-agent', { token, body });
  if (res.status !== 201) throw new Error(`create account answered ${res.status}: ${res.raw}`);
  return res.body as { id: number; email: string } & Record<string, unknown>;
}

/** Sends a message over real SMTP, as `from` (who must be a user of the servers). */
export async function sendAs(
  servers: MailServers,
  from: { address: string; password: string },
  message: SendMailOptions,
) {
  const transport = nodemailer.createTransport({
    host: servers.host,
    port: servers.smtpPort,
    secure: false,
    ignoreTLS: true,
    auth: { user: from.address, pass: from.password },
  });
  try {
    return await transport.sendMail({ from: from.address, ...message });
  } finally {
    transport.close();
  }
}

/** Every message of a user's folder, parsed, read back over IMAP. */
export async function readFolder(
  servers: MailServers,
  user: { address: string; password: string },
  folder = 'INBOX',
): Promise<ParsedMail[]> {
  const client = new ImapFlow({
    host: servers.host,
    port: servers.imapPort,
    secure: false,
    auth: { user: user.address, pass: user.password },
    // Servers with TLS offer STARTTLS, which imapflow takes: trust their certificate.
    tls: servers.caFile ? { ca: readFileSync(servers.caFile) } : undefined,
    logger: false,
  });
  await client.connect();
  const found: ParsedMail[] = [];
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      const box = client.mailbox;
      if (box && box.exists > 0)
        for await (const m of client.fetch('1:*', { source: true }))
          if (m.source) found.push(await simpleParser(m.source));
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
  return found;
}

/** Waits until a user's folder holds `count` messages (delivery is asynchronous). */
export async function waitForMail(
  servers: MailServers,
  user: { address: string; password: string },
  count: number,
  folder = 'INBOX',
  timeoutMs = 10_000,
): Promise<ParsedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await readFolder(servers, user, folder);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}
