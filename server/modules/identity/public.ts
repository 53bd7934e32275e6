/**
 * Identity's contract to the other modules: who is acting and in which departments, the names
 * of the people records mention, identity's refusals and the pure helpers other modules share.
 * Other modules import identity only from here (or its module.ts for `from(identityModule)`);
 * everything else under identity, auth, users, roles, departments, profile and permissions is
 * internal and may change without notice (eslint.config.js enforces it).
 */
export { type Actor, displayName, missingRights, rightNames } from './actor-scope';
export { actorOf } from './request-actor';
export { actorNames, actorRef, type ActorNames } from './actor-names';
export { identityErrors } from './identity-errors';
export { idParams } from './params';
export { anyTrialUser } from './trial-people';

// The services identity exposes, by type (the checklist service and API keys are built with them).
export type { SessionService } from '../auth/service';
export { actionsOf, type ProfileService } from '../profile/service';

// Giving or taking a role writes the user's history row in the same transaction, as identity's
// own writers do: the helpdesk module gives the Helpdesk role, and manages only the users the
// users module's rule lets the actor manage.
export { assignmentsQuery } from './assignment-rows';
export { historyValues, parseIdList } from './history';
export { manageRefusal, type TargetUser, visibleTo } from '../users/rules';
export { heldAssignments, snapshotOf, targetOf } from '../users/view';
