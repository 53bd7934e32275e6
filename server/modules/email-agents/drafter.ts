/**
 * AI-drafted replies: for each new inbound message that the loop guard lets
 * through, the assistant's own answer service (retrieval, engines, references, log) answers
 * the mail from the account's knowledge departments only, and the answer becomes a draft that
 * cites its sources, or says plainly that the knowledge base had nothing on it. A draft waits
 * for a person unless the account says drafts go out at once.
 *
 * A mail is read as a customer writes it (mail-asks.ts): each question it asks, without
 * greeting, sign-off, signature, quoted thread or courtesy, is answered on its own, a question
 * referring back with its context when it finds nothing alone (mail-answers.ts), and the reply
 * (reply-draft.ts) puts each answer under its question, in the mail's language.
 */
import { actionsFromPermissionSet, permissionId } from '../../../contract/permissions';
import type { AccessSubject } from '../../../contract/profile';
import { nowIso } from '../../db/database';
import type { EmailMessageRow } from '../../db/schema';
import type { LlmProvider } from '../../services/llm/openai';
import { type AnswerService, chatModels } from '../chat/public';
import type { DraftsRepo } from './drafts-repo';
import { answerQuestions, type FoundAnswer } from './mail-answers';
import type { MailboxRepo } from './mailbox-repo';
import { questionsOf } from './mail-asks';
import type { AccountRecord } from './repo';
import { composeReply, REPLY_PHRASES, type AnsweredQuestion } from './reply-draft';

export const NO_ANSWER_TEXT = REPLY_PHRASES.en.noAnswer;

/** How often drafting a reply to one message is tried (its first sync and two more). */
const DRAFT_ATTEMPTS = 3;

const replySubject = (subject: string) =>
  /^\s*re\s*:/i.test(subject) ? subject : `Re: ${subject}`.trim();

/** A subject that may query the account's knowledge departments and nothing else. */
function knowledgeSubject(account: AccountRecord): AccessSubject {
  const actions = actionsFromPermissionSet([permissionId('Query', 'QUERY_DOCUMENT')]);
  return {
    is_defaultadmin: false,
    isWidget: true,
    permissions: account.knowledge.map((id) => ({
      role_id: 0,
      role_name: 'E-mail agent',
      department_id: id,
      department_name: '',
      actions,
    })),
  };
}

interface DrafterDeps {
  mailbox: MailboxRepo;
  drafts: DraftsRepo;
  answers: AnswerService;
  llm: LlmProvider | null;
  /** Who the assistant's log files the answers under when the account's creator is gone. */
  logOwner: (createdBy: number | null) => Promise<number>;
  /** Sends a draft at once (accounts that need no approval). */
  sendNow: (account: AccountRecord, draftId: number) => Promise<void>;
  log: { warn: (o: object, m: string) => void };
}

export function createDrafter(deps: DrafterDeps) {
  async function ask(account: AccountRecord, query: string): Promise<FoundAnswer> {
    return deps.answers.ask({
      mode: 'stuff',
      request: {
        query,
        model: chatModels(deps.llm).default_model,
        department_id: null,
        multi_source: true,
        references: true,
        recommendations: false,
        advanced_search: false,
        eval_matrix: false,
        fetch_images: false,
      },
      userId: await deps.logOwner(account.created_by),
      subject: knowledgeSubject(account),
      signal: AbortSignal.timeout(120_000),
    });
  }

  async function draftFor(account: AccountRecord, message: EmailMessageRow): Promise<void> {
    const { questions, language } = questionsOf(message);
    const answers: AnsweredQuestion[] =
      account.knowledge.length > 0
        ? await answerQuestions(questions, (query) => ask(account, query))
        : [];
    const reply = composeReply({
      language,
      name: message.from_name,
      answers,
      signature: account.title,
    });
    const now = nowIso();
    const id = await deps.drafts.insert(
      {
        email_agent_id: account.id,
        reply_to_message: message.id,
        to_json: JSON.stringify([message.from_address]),
        cc_json: '[]',
        subject: replySubject(message.subject),
        body: reply.body,
        references_json: JSON.stringify(reply.references),
        no_answer: reply.noAnswer ? 1 : 0,
        status: 'pending',
        created_at: now,
        updated_at: now,
        updated_by: null,
      },
      {
        action: 'draft_created',
        actorId: null,
        actorName: null,
        changes: { reply_to: [null, message.from_address], no_answer: [null, reply.noAnswer] },
      },
    );
    // Drafted already by another sync: the message needs nothing more.
    if (id === undefined) return deps.mailbox.setDraftState(message.id, 'drafted');
    if (account.require_approval === 1) return;
    try {
      await deps.sendNow(account, id);
    } catch (error) {
      // The draft stays pending for a person to send.
      deps.log.warn(
        { account: account.id, draft: id, err: (error as Error).message },
        'send failed',
      );
    }
  }

  return {
    draftFor,
    /**
     * Drafts replies to every inbound message still waiting for one. A draft that fails is
     * marked 'failed' with its reason and tried again on each later sync, DRAFT_ATTEMPTS times
     * in all; then it stays failed, its reason shown with the message.
     */
    async draftPending(account: AccountRecord): Promise<number> {
      await deps.mailbox.retryFailed(account.id, DRAFT_ATTEMPTS);
      let made = 0;
      for (;;) {
        const pending = await deps.mailbox.pending(account.id, 20);
        if (pending.length === 0) return made;
        for (const message of pending) {
          try {
            await draftFor(account, message);
            made += 1;
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            deps.log.warn({ account: account.id, err: reason }, 'draft failed');
            await deps.mailbox.draftFailed(message.id, reason);
          }
        }
      }
    },
  };
}
