/**
 * AI-drafted replies: for each new inbound message that the loop guard lets
 * through, the assistant's own answer service (retrieval, engines, references, log) answers
 * the mail from the account's knowledge departments only, and the answer becomes a draft that
 * cites its sources, or says plainly that the knowledge base had nothing on it. A draft waits
 * for a person unless the account says drafts go out at once.
 *
 * A mail is read as a customer writes it (services/mail/mail-questions.ts): each question it
 * asks, without greeting, sign-off, signature or quoted thread, is answered on its own, and the
 * reply (reply-draft.ts) puts each answer under its question, in the mail's language.
 */
import { actionsFromPermissionSet, permissionId } from '../../../contract/permissions';
import type { AccessSubject } from '../../../contract/profile';
import { nowIso } from '../../db/database';
import type { EmailMessageRow } from '../../db/schema';
import type { LlmProvider } from '../../services/llm/openai';
import { readMail, type MailQuestion } from '../../services/mail/mail-questions';
import { type AnswerService, chatModels } from '../chat/public';
import type { DraftsRepo } from './drafts-repo';
import type { MailboxRepo } from './mailbox-repo';
import type { AccountRecord } from './repo';
import {
  composeReply,
  REPLY_PHRASES,
  replyLanguage,
  type AnsweredQuestion,
  type ReplyLanguage,
} from './reply-draft';

/** A subject's reply and forward prefixes, in the mail clients' languages. */
const SUBJECT_PREFIXES = /^\s*((re|fwd?|aw|wg|tr|rv|rif|sv|vs|رد|توجيه)\s*:\s*)+/iu;

/**
 * What a mail asks, each question on its own, and the language to answer in. The subject
 * stands in only when the body says too little ("Question 12", "Order 4711" would only add
 * noise to the search).
 */
export function questionsOf(
  message: Pick<EmailMessageRow, 'subject' | 'text_body' | 'from_name'>,
): {
  questions: MailQuestion[];
  language: ReplyLanguage;
} {
  const read = readMail(message.text_body, { sender: message.from_name });
  const subject = message.subject.replace(SUBJECT_PREFIXES, '').trim();
  const language = replyLanguage(read.own || subject);
  const [first] = read.questions;
  if (!first)
    return { questions: subject ? [{ asked: subject, question: subject }] : [], language };
  if (read.questions.length === 1 && first.question.length < 20 && subject)
    return {
      questions: [{ asked: first.asked, question: `${subject}\n${first.question}` }],
      language,
    };
  return { questions: read.questions, language };
}

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
  async function answer(account: AccountRecord, question: MailQuestion): Promise<AnsweredQuestion> {
    const result = await deps.answers.ask({
      mode: 'stuff',
      request: {
        query: question.question,
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
    return {
      asked: question.asked,
      text: result.answer,
      references: result.references,
      noAnswer: result.no_answer,
    };
  }

  async function draftFor(account: AccountRecord, message: EmailMessageRow): Promise<void> {
    const { questions, language } = questionsOf(message);
    // Each question is asked on its own: one search for several questions finds none of them.
    const answers: AnsweredQuestion[] = [];
    if (account.knowledge.length > 0)
      for (const question of questions) answers.push(await answer(account, question));
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
