/** Access tokens: HS256 JWTs that name a session row (`sid`); the row decides validity. */
import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessTokens {
  sign(input: { sessionId: string; userId: number; expiresAt: Date }): Promise<string>;
  /** The session id, or undefined for anything tampered, expired or malformed. */
  verify(token: string): Promise<{ sessionId: string; userId: number } | undefined>;
}

const ISSUER = 'atrium';

export function createAccessTokens(secret: string): AccessTokens {
  // One WebCrypto key, imported once: given bytes or a KeyObject, jose (its Web Crypto build)
  // imports the key again for every signature, a tenth of a /users/me request.
  const key = webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    sign: async ({ sessionId, userId, expiresAt }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
        });
        const userId = Number(payload.sub);
        if (typeof payload.sid !== 'string' || !Number.isInteger(userId)) return undefined;
        return { sessionId: payload.sid, userId };
      } catch {
        return undefined;
      }
    },
  };
}
