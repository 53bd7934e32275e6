/** The database-source screens, one lazy chunk for the list and the add/view screen. */
export { DbSourcePage } from './db-source-page';
export { DbSourcesListPage } from './db-sources-list-page';
