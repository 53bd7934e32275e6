import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseAllowList } from '../../services/fetch/address-policy';
import {
  checkedTarget,
  MAX_RETRY_DELAY_MS,
  postPinned,
  retryDelayMs,
  signature,
} from './webhook-delivery';

describe('webhook back-off and signature', () => {
  it('when attempts fail, then the delay doubles from the base, within ±20 %, up to 15 minutes', () => {
    const exact = (attempts: number) => retryDelayMs(1000, attempts, () => 0.5);
    expect([1, 2, 3, 4].map(exact)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(1000, 1, () => 0)).toBe(800);
    expect(retryDelayMs(1000, 1, () => 0.999_999)).toBe(1200);
    expect(exact(40)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('when a body is signed, then the helpdesk recomputes the same HMAC-SHA256 of timestamp.body', () => {
    const expected = createHmac('sha256', 'secret').update('1700000000.{"a":1}').digest('hex');
    expect(signature('secret', '1700000000', '{"a":1}')).toBe(`sha256=${expected}`);
    expect(signature('other', '1700000000', '{"a":1}')).not.toBe(`sha256=${expected}`);
  });

  it('when a webhook is posted, then it connects to the address that was checked, asking DNS nothing more', async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(`${req.headers.host} ${body}`);
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    try {
      // A name no DNS answers: only the pinned address can have carried the post.
      const url = new URL(`http://rebind.invalid:${port}/hook`);
      const status = await postPinned(
        url,
        { address: '127.0.0.1', family: 4 },
        {},
        '{"a":1}',
        5000,
      );
      expect(status).toBe(200);
      expect(received).toEqual([`rebind.invalid:${port} {"a":1}`]);
    } finally {
      server.close();
    }
  });

  it('when a webhook address is loopback and not allowed, then it is refused with the setting that allows it', async () => {
    const refused = await checkedTarget(new URL('http://127.0.0.1:9/hook'), parseAllowList([]));
    expect(refused).toEqual({
      refused: expect.stringMatching(/loopback.*URL_FETCH_ALLOW/),
      code: 'address_refused',
    });
    const allowed = await checkedTarget(
      new URL('http://127.0.0.1:9/hook'),
      parseAllowList(['127.0.0.1']),
    );
    expect(allowed).toEqual({ pinned: { address: '127.0.0.1', family: 4 } });
  });
});
