/**
 * Outgoing mail. With SMTP_URL the messages go to that server; without it each message is
 * written as a complete RFC 5322 file to DATA_DIR/outbox, named `<ISO time>-<seq>-<kind>.eml`
 * so the files sort in sending order.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { patterns } from '../../../contract/validation';
import type { AppConfig } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Short word used in outbox file names, e.g. 'verify' or 'reset'. */
  kind: string;
  /**
   * The language the text is written in (en, es, fr, de, ar), sent as Content-Language so that
   * mail clients pick the right spelling checker, translation offer and, for Arabic, direction.
   */
  language?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where messages end up, for the start banner: 'smtp' or the outbox directory. */
  readonly target: string;
}

let sequence = 0;

/**
 * The recipient exactly as stored: one plain address, handed to nodemailer as an address object
 * so that nothing in it is parsed as a display name or a second recipient.
 */
function recipient(to: string): { name: string; address: string } {
  if (!patterns.email.test(to)) throw new Error('refusing to mail an address that is not plain');
  return { name: '', address: to };
}

function outboxFileName(kind: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  sequence = (sequence + 1) % 1_000_000;
  return `${stamp}-${String(sequence).padStart(6, '0')}-${kind.replace(/[^a-z0-9-]/gi, '')}.eml`;
}

export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  /** The same message whichever way it leaves: SMTP or the outbox. */
  const envelope = ({ to, subject, text, html, language }: MailMessage) => ({
    from: config.mailFrom,
    to: recipient(to),
    subject,
    text,
    html,
    headers: language ? { 'Content-Language': language } : undefined,
  });
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      target: 'smtp',
      async send(message) {
        await transport.sendMail(envelope(message));
      },
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  // streamTransport renders the exact bytes an SMTP server would receive (CRLF line ends).
  const renderer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    target: outbox,
    async send(message) {
      const info = await renderer.sendMail(envelope(message));
      await mkdir(outbox, { recursive: true });
      // Written under a temporary name first so a reader never sees half a message.
      const name = outboxFileName(message.kind);
      await writeFile(join(outbox, `.${name}.tmp`), info.message as Buffer);
      await rename(join(outbox, `.${name}.tmp`), join(outbox, name));
    },
  };
}
