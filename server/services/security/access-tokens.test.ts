import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens';

const secret = 'a-test-secret-of-some-length-0123456789';

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('when a token is verified again, then the same session is named', async () => {
    const tokens = createAccessTokens(secret);
    const token = await tokens.sign({
      sessionId: 's-1',
      userId: 7,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await tokens.verify(token)).toEqual({ sessionId: 's-1', userId: 7 });
    expect(await tokens.verify(token)).toEqual({ sessionId: 's-1', userId: 7 });
  });

  it('when a token verified before has expired, then it is refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createAccessTokens(secret);
    const token = await tokens.sign({
      sessionId: 's-2',
      userId: 8,
      expiresAt: new Date(Date.now() + 10_000),
    });
    expect(await tokens.verify(token)).toBeDefined();
    vi.setSystemTime(Date.now() + 11_000);
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('when a verified token is altered or signed with another secret, then it is refused', async () => {
    const tokens = createAccessTokens(secret);
    const token = await tokens.sign({
      sessionId: 's-3',
      userId: 9,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await tokens.verify(token)).toBeDefined();
    const [head, body, signature] = token.split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await tokens.verify(`${head}.${body}.${flipped}`)).toBeUndefined();
    expect(await createAccessTokens(`${secret}-other`).verify(token)).toBeUndefined();
  });
});
