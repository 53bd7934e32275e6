import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../test-support/outbox';
import { createMailer } from './mailer';

describe('the mailer', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-mailer-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const mailer = createMailer({ dataDir, mailFrom: 'Atrium <no-reply@atrium.test>' });
  const mail = (to: string) => mailer.send({ to, subject: 'Hello', text: 'Body', kind: 'test' });

  it('when an address carries a display name or a second address, then nothing is sent', async () => {
    for (const to of [
      'victim@example.com<evil@attacker.example>',
      '"victim@example.com" <evil@attacker.example>',
      'victim@example.com, evil@attacker.example',
      'victim@example.com;evil@attacker.example',
      'evil@attacker.example (victim@example.com)',
    ])
      await expect(mail(to)).rejects.toThrow(/not plain/);
    expect(readOutbox(dataDir)).toEqual([]);
  });

  it('when an address is plain, then the mail goes to exactly that address', async () => {
    await mail('first.last+tag@example.com');
    const [sent] = readOutbox(dataDir);
    expect(sent.to).toBe('first.last+tag@example.com');
  });
});
