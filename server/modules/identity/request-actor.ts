/** The actor of a request: the signed-in user with their rights per department. */
import type { FastifyRequest } from 'fastify';
import { authOf } from '../../plugins/auth';
import { actorFrom, type Actor } from './actor-scope';

export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const auth = authOf(request);
  return actorFrom(auth.user, await auth.subject());
}
