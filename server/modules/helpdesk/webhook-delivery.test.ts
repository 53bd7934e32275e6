import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, retryDelayMs, signature } from './webhook-delivery';

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
});
