import { describe, expect, it } from 'vitest';
import { changedDestination } from './email-agents';

const stored = {
  imap_host: 'imap.example.test',
  imap_port: 993,
  imap_tls: 'tls',
  smtp_host: 'smtp.example.test',
  smtp_port: 465,
  smtp_tls: 'tls',
  username: 'desk@example.test',
};

describe('where a mailbox password goes', () => {
  it('when a form gives the stored destination back as text, in another case or with spaces, then nothing changed', () => {
    expect(
      changedDestination(stored, {
        imap_host: ' IMAP.Example.test ',
        imap_port: '993',
        smtp_port: '465',
        username: 'desk@example.test',
      }),
    ).toEqual([]);
    expect(changedDestination(stored, {})).toEqual([]);
  });

  it('when any host, port, security mode or the user name differs, then each of them is named', () => {
    expect(
      changedDestination(stored, {
        imap_host: 'imap.elsewhere.test',
        imap_port: 143,
        imap_tls: 'none',
        smtp_host: 'smtp.elsewhere.test',
        smtp_port: '25',
        smtp_tls: 'starttls',
        username: 'Desk@example.test',
      }),
    ).toEqual([
      'imap_host',
      'imap_port',
      'imap_tls',
      'smtp_host',
      'smtp_port',
      'smtp_tls',
      'username',
    ]);
  });
});
