/**
 * Every screen of the e-mail agent, loaded as one lazy chunk: the screen table then names a
 * single import for the eight e-mail routes, which keeps its own (eagerly loaded) code small.
 */
export { ComposePage } from './compose-page';
export { EmailAccountFormPage } from './email-account-form-page';
export { EmailAccountViewPage } from './email-account-view-page';
export { EmailAccountsPage } from './email-accounts-page';
export { DraftsPage, InboxPage, SentPage } from './mailbox-page';
