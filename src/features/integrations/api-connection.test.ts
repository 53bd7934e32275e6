import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiConnectionOf, curlCommand } from './api-connection';

/** The words a POSIX shell makes of the command (printf in curl's place prints one a line). */
const shellWords = (command: string) =>
  execFileSync('sh', ['-c', command.replace(/^curl /, "printf '%s\\n' ")], { encoding: 'utf8' })
    .trimEnd()
    .split('\n');

describe('the API connection and its curl command', () => {
  it('when the API base is relative, then the base URL and the documentation are on the console host', () => {
    const c = apiConnectionOf(
      { apiBaseUrl: '/api', apiKey: 'k-12345678' },
      'https://console.example.com',
    );
    expect(c).toEqual({
      baseUrl: 'https://console.example.com/api',
      deploymentKey: 'k-12345678',
      docsUrl: 'https://console.example.com/api-docs',
    });
  });

  it('when the API is on another host, then the documentation is beside it there', () => {
    const c = apiConnectionOf(
      { apiBaseUrl: 'https://api.example.com/api/', apiKey: 'k-12345678' },
      'https://console.example.com',
    );
    expect(c.baseUrl).toBe('https://api.example.com/api');
    expect(c.docsUrl).toBe('https://api.example.com/api-docs');
  });

  it('when the deployment key holds quotes and spaces, then the shell still passes each header whole', () => {
    const c = apiConnectionOf(
      { apiBaseUrl: '/api', apiKey: `it's a "key" $HOME` },
      'http://127.0.0.1:8080',
    );
    const command = curlCommand(c, 'atr_abc', '/users');
    expect(shellWords(command)).toEqual([
      'http://127.0.0.1:8080/api/users',
      '-H',
      `x-api-key: it's a "key" $HOME`,
      '-H',
      'Authorization: Bearer atr_abc',
    ]);
  });
});
