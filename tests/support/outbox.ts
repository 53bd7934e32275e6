/** Reads the mails the server wrote to DATA_DIR/outbox (no SMTP_URL set) as a person would. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Mail {
  file: string;
  headers: string;
  text: string;
  links: string[];
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(file: string, raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  let body = raw.slice(split).trim();
  if (/quoted-printable/i.test(raw)) body = decodeQuotedPrintable(body);
  const b64 = [
    ...body.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/gi),
  ];
  for (const m of b64)
    body += '\n' + Buffer.from(m[1].replace(/\s/g, ''), 'base64').toString('utf8');
  const links = [...new Set(body.match(/https?:\/\/[^\s"'<>)]+/g) ?? [])];
  return { file, headers, text: body, links };
}

function readMails(dataDir: string): Mail[] {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => parse(f, readFileSync(join(dir, f), 'utf8')));
}

/** The newest mail to `to` whose links include `linkPart`, waiting up to 10 s for it. */
export async function waitForMail(dataDir: string, to: string, linkPart: string): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = readMails(dataDir)
      .reverse()
      .find(
        (m) =>
          m.headers.toLowerCase().includes(to.toLowerCase()) &&
          m.links.some((l) => l.includes(linkPart)),
      );
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a link containing ${linkPart}`);
}

export function linkFrom(mail: Mail, linkPart: string): string {
  const link = mail.links.find((l) => l.includes(linkPart));
  if (!link) throw new Error(`mail has no link containing ${linkPart}`);
  return link;
}
