/**
 * Visitor tokens of chat widgets: HS256 JWTs like the users' access tokens, but of
 * another kind that cannot pass for one. They carry their own header type and audience, and
 * they are signed with a key derived from the JWT secret for this use only, so a user token's
 * check never accepts a visitor token, nor the other way round. They name a visitor session
 * row (`sid`) and its widget (`wid`); the row and the widget's status decide validity on each
 * request.
 */
import { createHmac } from 'node:crypto';
import { hs256Tokens, tokenHeaderPart } from './access-tokens';

const VISITOR_AUDIENCE = 'atrium-widget-visitor';
const VISITOR_TYP = 'atrium-visitor+jwt';
const VISITOR_HEADER = `${tokenHeaderPart(VISITOR_TYP)}.`;

export interface VisitorClaims {
  sessionId: string;
  widgetId: number;
}

export interface VisitorTokens {
  sign(input: VisitorClaims & { expiresAt: Date }): Promise<string>;
  /** The claims, or undefined for anything tampered, expired, malformed or of another kind. */
  verify(token: string): Promise<VisitorClaims | undefined>;
}

/**
 * Whether a bearer token says it is a visitor token, by its header (fixed for the kind, so one
 * string comparison on every request instead of decoding it). Not verified: the caller
 * verifies it with VisitorTokens, which answers for its signature, audience and header.
 */
export const looksLikeVisitorToken = (token: string): boolean => token.startsWith(VISITOR_HEADER);

export function createVisitorTokens(secret: string): VisitorTokens {
  const derived = createHmac('sha256', secret).update('atrium widget visitor token').digest();
  const jwt = hs256Tokens(derived, { typ: VISITOR_TYP, audience: VISITOR_AUDIENCE });
  return {
    sign: ({ sessionId, widgetId, expiresAt }) =>
      jwt.sign({ sid: sessionId, wid: widgetId }, `widget-visitor:${sessionId}`, expiresAt),
    async verify(token) {
      const payload = await jwt.verify(token);
      const widgetId = Number(payload?.wid);
      if (typeof payload?.sid !== 'string' || !Number.isInteger(widgetId)) return undefined;
      return { sessionId: payload.sid, widgetId };
    },
  };
}
