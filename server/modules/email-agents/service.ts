/**
 * Email accounts (SPEC §3). Only the list exists so far; creating, editing and department
 * scoping come with the email-agent issue.
 */
import type { Kysely } from 'kysely';
import type { EmailAccount } from '../../../contract/email-agents';
import type { Paged, PageQuery } from '../../../contract/paging';
import type { DB } from '../../db/schema';

export function createEmailAgentService(db: Kysely<DB>) {
  return {
    async list({ page, size, search }: PageQuery): Promise<Paged<EmailAccount>> {
      let query = db.selectFrom('email_agents');
      if (search) {
        // % and _ in a search act as wildcards; harmless for a read-only filter.
        const like = `%${search.toLowerCase()}%`;
        query = query.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['email']), 'like', like),
            eb(eb.fn('lower', ['title']), 'like', like),
          ]),
        );
      }
      const { total } = await query
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await query
        .select(['id', 'email', 'title', 'status'])
        .orderBy('id')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return {
        items: rows.map((r) => ({ ...r, status: Boolean(r.status) })),
        total: Number(total),
        page,
        size,
      };
    },
  };
}
