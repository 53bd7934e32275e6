/** Access tokens: HS256 JWTs that name a session row (`sid`); the row decides validity. */
import { webcrypto } from 'node:crypto';
import { type JWTPayload, SignJWT, jwtVerify } from 'jose';

export interface AccessTokens {
  sign(input: { sessionId: string; userId: number; expiresAt: Date }): Promise<string>;
  /** The session id, or undefined for anything tampered, expired or malformed. */
  verify(token: string): Promise<{ sessionId: string; userId: number } | undefined>;
}

const ISSUER = 'atrium';
const VERIFIED_KEPT = 10_000;

/** The first part of every token of a kind: its header, which names the kind in `typ`. */
export const tokenHeaderPart = (typ: string) =>
  Buffer.from(JSON.stringify({ alg: 'HS256', typ })).toString('base64url');

/**
 * Signing and checking HS256 JWTs of one kind: Atrium's issuer, the kind's `typ` in the header
 * and its `audience` when it has one. One WebCrypto key, imported once: given bytes or a
 * KeyObject, jose (its Web Crypto build) imports the key again for every signature, a tenth
 * of a /users/me request.
 */
export function hs256Tokens(
  secret: Uint8Array,
  { typ = 'JWT', audience }: { typ?: string; audience?: string } = {},
) {
  const key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // Tokens whose signature was checked, until they expire: a visitor or user sends the same
  // token with every call, and WebCrypto's verify (a promise through the thread pool) was a
  // twentieth of a widget answer's CPU. Only valid tokens are kept, at most VERIFIED_KEPT (the
  // oldest go first); the session row behind a token is still read on every call.
  const verified = new Map<string, JWTPayload>();
  const remember = (token: string, payload: JWTPayload) => {
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, payload);
  };
  return {
    async sign(claims: JWTPayload, subject: string, expiresAt: Date): Promise<string> {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ })
        .setIssuer(ISSUER)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000));
      return (audience ? jwt.setAudience(audience) : jwt).sign(await key);
    },
    /** The claims, or undefined for anything tampered, expired, malformed or of another kind. */
    async verify(token: string): Promise<JWTPayload | undefined> {
      const known = verified.get(token);
      if (known) {
        if ((known.exp ?? 0) * 1000 > Date.now()) return known;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience,
          typ,
        });
        remember(token, payload);
        return payload;
      } catch {
        return undefined;
      }
    },
  };
}

export function createAccessTokens(secret: string): AccessTokens {
  const jwt = hs256Tokens(new TextEncoder().encode(secret));
  return {
    sign: ({ sessionId, userId, expiresAt }) =>
      jwt.sign({ sid: sessionId }, String(userId), expiresAt),
    async verify(token) {
      const payload = await jwt.verify(token);
      const userId = Number(payload?.sub);
      if (typeof payload?.sid !== 'string' || !Number.isInteger(userId)) return undefined;
      return { sessionId: payload.sid, userId };
    },
  };
}
