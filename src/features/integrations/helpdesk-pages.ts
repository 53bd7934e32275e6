/**
 * The helpdesk screens as one lazy module: one dynamic import in the eagerly loaded
 * screen table serves all four routes, which keeps /login's first download within its budget.
 */
export { HelpdeskAgentsPage } from './helpdesk-agents-page';
export { HelpdeskFormPage } from './helpdesk-form-page';
export { HelpdesksListPage } from './helpdesks-list-page';
export { OpenHelpdeskPage } from './open-helpdesk-page';
