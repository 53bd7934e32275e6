import { describe, expect, it } from 'vitest';
import { parserThread } from './parser-thread';

const raw = (subject: string) =>
  Buffer.from(
    [
      'From: Customer <customer@example.test>',
      'To: desk@example.test',
      `Subject: ${subject}`,
      'Message-ID: <m-' + subject.replace(/\W/g, '') + '@example.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `About ${subject}.`,
      '--b',
      'Content-Type: text/plain; name="note.txt"',
      'Content-Disposition: attachment; filename="note.txt"',
      '',
      'bring your receipt',
      '--b--',
      '',
    ].join('\r\n'),
  );

describe('the e-mail parsing thread', () => {
  it('when messages are parsed in the thread, then each comes back whole, in order, with its attachment as a Buffer', async () => {
    const thread = parserThread();
    const subjects = Array.from({ length: 20 }, (_, i) => `Order ${i + 1}`);
    // A Buffer that views a larger pool: only its own bytes may be parsed.
    const pooled = Buffer.concat([Buffer.from('x'.repeat(100)), raw('Pooled')]).subarray(100);
    const parsed = await Promise.all([
      ...subjects.map((s, i) => thread.parse(raw(s), i + 1, 'INBOX', 'desk@example.test')),
      thread.parse(pooled, 21, 'INBOX', 'desk@example.test'),
    ]);
    expect(parsed.map((m) => m.row.subject)).toEqual([...subjects, 'Pooled']);
    expect(parsed.map((m) => m.row.uid)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    const [first] = parsed;
    expect(first.row.message_id).toBe('<m-Order1@example.test>');
    expect(first.row.text_body.trim()).toBe('About Order 1.');
    expect(first.row.draft_state).toBe('pending');
    expect(first.attachments).toHaveLength(1);
    expect(Buffer.isBuffer(first.attachments[0].content)).toBe(true);
    expect(first.attachments[0].content.toString()).toBe('bring your receipt');
  }, 60_000);

  it('when mail comes from the account itself, then the thread marks it as never answered', async () => {
    const own = Buffer.from(
      'From: desk@example.test\r\nTo: x@example.test\r\nSubject: Mine\r\n\r\nHello\r\n',
    );
    const parsed = await parserThread().parse(own, 1, 'INBOX', 'desk@example.test');
    expect(parsed.row.draft_state).toBe('own_address');
  }, 60_000);
});
