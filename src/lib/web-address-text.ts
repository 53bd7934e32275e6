/**
 * Why the server refused or could not read a web address, in the reader's language: the
 * server sends `code` and `params` beside its English `message` (contract/server-texts.ts), a
 * closed range as its kind (`params.range`), translated here too. A server that sends no code
 * leaves its own words.
 */
import type { WebAddressText } from '@contract/server-texts';
import type { Translate } from './error-text';

export interface WebAddressAnswer {
  message: string;
  code?: WebAddressText;
  params?: Record<string, string>;
}

export function webAddressText(t: Translate, answer: WebAddressAnswer): string {
  if (!answer.code) return answer.message;
  const params: Record<string, string> = { ...answer.params };
  if (params.range) params.range = t(`errors:addressRanges.${params.range}`);
  return t(`errors:webAddress.${answer.code}`, params);
}
