import type { ManagedUser } from '@contract/identity';

/** "First Last", or the username when both names are empty. */
export const fullName = (u: Pick<ManagedUser, 'first_name' | 'last_name' | 'username'>) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;
