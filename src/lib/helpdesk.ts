/** The external helpdesk site receives the access token at its callback path (SPEC §7). */
import { HELPDESK_CALLBACK_PATH } from '@contract/helpdesk';

export function helpdeskUrl(base: string, token: string): string | null {
  if (!base) return null;
  const url = new URL(base.replace(/\/+$/, '') + HELPDESK_CALLBACK_PATH, window.location.origin);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Full-page moves to other sites, behind an object so tests can observe them. */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  openInNewTab(url: string): void {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};
