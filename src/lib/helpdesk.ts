/**
 * Full-page moves to other sites, behind an object so tests can observe them. The helpdesk site
 * is reached through /helpdesk, which mints a single-use hand-off token: the session
 * token never travels in an address.
 */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  openInNewTab(url: string): void {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};
