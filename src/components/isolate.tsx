import type { ReactNode } from 'react';

/**
 * Words a person or the server wrote (a name, a title, a question), isolated from the page's
 * direction: an English name in the Arabic console keeps its brackets and its "?" where they
 * belong, and an Arabic one in an English table likewise. Elements pass unchanged: their own
 * text is theirs to isolate.
 */
export function isolate(content: ReactNode): ReactNode {
  return typeof content === 'string' && content !== '' ? <bdi>{content}</bdi> : content;
}
