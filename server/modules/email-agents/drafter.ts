/**
 * AI-drafted replies (issue 16): for each new inbound message that the loop guard lets
 * through, the assistant's own answer service (retrieval, engines, references, log) answers
 * the mail from the account's knowledge departments only, and the answer becomes a draft that
 * cites its sources, or says plainly that the knowledge base had nothing on it. A draft waits
 * for a person unless the account says drafts go out at once.
 */
import type { ChatReference } from '../../../contract/chat';
import { actionsFromPermissionSet, permissionId } from '../../../contract/permissions';
import type { AccessSubject } from '../../../contract/profile';
import { nowIso } from '../../db/database';
import type { EmailMessageRow } from '../../db/schema';
import type { LlmProvider } from '../../services/llm/openai';
import type { AnswerService } from '../chat/answering/answer-service';
import { chatModels } from '../chat/answering/models';
import type { DraftsRepo } from './drafts-repo';
import type { MailboxRepo } from './mailbox-repo';
import type { AccountRecord } from './repo';

/** The question a mail asks: its own words, without the quoted thread or the signature. */
export function questionOf(message: Pick<EmailMessageRow, 'subject' | 'text_body'>): string {
  const own = message.text_body
    .split(/\r?\n/)
    .filter((line) => !line.startsWith('>'))
    .join('\n')
    .split(/\n-- \n|\nOn .{5,200} wrote:\n/)[0]
    .trim();
  const subject = message.subject.replace(/^\s*((re|fwd?|aw|wg)\s*:\s*)+/i, '').trim();
  // The body asks; a subject ("Question 12", "Order 4711") would only add noise to the search,
  // unless the body is too short to say anything on its own.
  const text = own.length >= 20 ? own : `${subject}\n${own}`;
  return text.trim().slice(0, 2000);
}

export const NO_ANSWER_TEXT =
  'Thank you for your message. I could not find anything about this in our knowledge base, so a colleague will look into it and answer you personally.';

function sourceLine(r: ChatReference): string {
  const where = [r.page ? `page ${r.page}` : null, r.heading].filter(Boolean).join(', ');
  return `[${r.n}] ${r.document_title ?? r.document_name}${where ? ` (${where})` : ''}`;
}

export function draftBody(
  name: string,
  answer: string,
  references: ChatReference[],
  noAnswer: boolean,
  signature: string,
): string {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const parts = [greeting, '', noAnswer ? NO_ANSWER_TEXT : answer.trim()];
  if (!noAnswer && references.length) parts.push('', 'Sources:', ...references.map(sourceLine));
  parts.push('', 'Kind regards,', signature);
  return parts.join('\n');
}

/** How often drafting a reply to one message is tried (its first sync and two more). */
export const DRAFT_ATTEMPTS = 3;

export const replySubject = (subject: string) =>
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

export interface DrafterDeps {
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
  async function answer(account: AccountRecord, message: EmailMessageRow) {
    if (account.knowledge.length === 0) return { text: '', references: [], noAnswer: true };
    const result = await deps.answers.ask({
      mode: 'stuff',
      request: {
        query: questionOf(message),
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
    return { text: result.answer, references: result.references, noAnswer: result.no_answer };
  }

  async function draftFor(account: AccountRecord, message: EmailMessageRow): Promise<void> {
    const found = await answer(account, message);
    const now = nowIso();
    const references = found.noAnswer ? [] : found.references;
    const id = await deps.drafts.insert(
      {
        email_agent_id: account.id,
        reply_to_message: message.id,
        to_json: JSON.stringify([message.from_address]),
        cc_json: '[]',
        subject: replySubject(message.subject),
        body: draftBody(message.from_name, found.text, references, found.noAnswer, account.title),
        references_json: JSON.stringify(references),
        no_answer: found.noAnswer ? 1 : 0,
        status: 'pending',
        created_at: now,
        updated_at: now,
        updated_by: null,
      },
      {
        action: 'draft_created',
        actorId: null,
        actorName: null,
        changes: { reply_to: [null, message.from_address], no_answer: [null, found.noAnswer] },
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

export type Drafter = ReturnType<typeof createDrafter>;
