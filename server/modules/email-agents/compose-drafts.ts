/**
 * A new mail a person began and left: kept per account and person (0032), so that compose,
 * opened again, shows it; gone once it is sent or discarded. It is the writer's own: nobody
 * else reads it, so no history entry records it (the sent mail is recorded when it leaves).
 * Reading and keeping one needs what composing needs (Email_agent UPDATE on the account).
 */
import type { Kysely } from 'kysely';
import type { ComposeDraft, ComposeDraftAnswer } from '../../../contract/email-mailbox';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Actor } from '../identity/public';
import type { AccountRecord } from './repo';

interface DraftText {
  to: string;
  cc: string;
  subject: string;
  body: string;
}

export function createComposeDraftsRepo(db: Kysely<DB>) {
  return {
    async find(accountId: number, userId: number): Promise<ComposeDraft | undefined> {
      const row = await db
        .selectFrom('email_compose_drafts')
        .select(['to_text', 'cc_text', 'subject', 'body', 'updated_at'])
        .where('email_agent_id', '=', accountId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row
        ? {
            to: row.to_text,
            cc: row.cc_text,
            subject: row.subject,
            body: row.body,
            updated_at: row.updated_at,
          }
        : undefined;
    },

    async save(accountId: number, userId: number, text: DraftText): Promise<void> {
      const values = {
        to_text: text.to,
        cc_text: text.cc,
        subject: text.subject,
        body: text.body,
        updated_at: nowIso(),
      };
      await db
        .insertInto('email_compose_drafts')
        .values({ email_agent_id: accountId, user_id: userId, ...values })
        .onConflict((oc) => oc.columns(['email_agent_id', 'user_id']).doUpdateSet(values))
        .execute();
    },

    async remove(accountId: number, userId: number): Promise<void> {
      await db
        .deleteFrom('email_compose_drafts')
        .where('email_agent_id', '=', accountId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export type ComposeDraftsRepo = ReturnType<typeof createComposeDraftsRepo>;

const isEmpty = (text: DraftText) =>
  [text.to, text.cc, text.subject, text.body].every((part) => part.trim() === '');

export function createComposeDrafts(deps: {
  repo: ComposeDraftsRepo;
  /** The account the actor may compose from (404 otherwise). */
  updatable: (actor: Actor, ref: string) => Promise<AccountRecord>;
}) {
  const { repo } = deps;
  return {
    async get(actor: Actor, ref: string): Promise<ComposeDraftAnswer> {
      const account = await deps.updatable(actor, ref);
      return { draft: (await repo.find(account.id, actor.id)) ?? null };
    },

    /** Keeps the draft; an empty one is no draft, so keeping it discards the one kept. */
    async save(actor: Actor, ref: string, text: DraftText): Promise<ComposeDraftAnswer> {
      const account = await deps.updatable(actor, ref);
      if (isEmpty(text)) {
        await repo.remove(account.id, actor.id);
        return { draft: null };
      }
      await repo.save(account.id, actor.id, text);
      return { draft: (await repo.find(account.id, actor.id)) ?? null };
    },

    async discard(actor: Actor, ref: string): Promise<{ message: string }> {
      const account = await deps.updatable(actor, ref);
      await repo.remove(account.id, actor.id);
      return { message: 'The draft was discarded.' };
    },
  };
}

export type ComposeDrafts = ReturnType<typeof createComposeDrafts>;
