/**
 * One conversation of a mailbox, whole: the messages of both folders that share its thread_key.
 *
 * Decision (paging): the list pages by message, newest first, as the API does,
 * and groups each page's messages by conversation; a conversation may therefore start on a later
 * page, and its reply sits in the other folder (a reply is in Sent, the question in the inbox).
 * So the list shows one row per conversation on the page, without a count that would only be
 * the page's share, and opening a conversation always loads all of it: both folders are searched
 * by the conversation's subject (without Re:/Fwd:, the server's own thread rule) and the results
 * are kept only when their thread_key is the conversation's. The API has no thread filter; one
 * (`thread=<thread_key>` on …/messages) would make this exact for conversations whose subject
 * changed on the way and cheaper than two searches.
 */
import { useMemo } from 'react';
import { CSpinner } from '@coreui/react';
import { useTranslation } from 'react-i18next';
import type { MailMessage } from '@contract/email-mailbox';
import { parseTimestamp } from '@/lib/dates';
import { useMailMessagesQuery } from './email-agent-api';
import { MessageView } from './message-view';

interface Thread {
  key: string;
  /** Oldest first. */
  messages: MailMessage[];
}

const time = (m: MailMessage) => parseTimestamp(m.date)?.getTime() ?? 0;
const byDate = (x: MailMessage, y: MailMessage) => time(x) - time(y) || x.id - y.id;

/** Messages grouped by conversation, in the order of each conversation's newest message. */
export function threadsOf(messages: MailMessage[]): Thread[] {
  const byKey = new Map<string, MailMessage[]>();
  for (const m of messages) byKey.set(m.thread_key, [...(byKey.get(m.thread_key) ?? []), m]);
  return [...byKey].map(([key, list]) => ({ key, messages: [...list].sort(byDate) }));
}

/** The subject a conversation's messages share, as the server groups them (parse.ts). */
function threadSubject(subject: string): string {
  return subject
    .replace(/^\s*((re|fwd?|aw|wg)\s*:\s*)+/i, '')
    .trim()
    .slice(0, 200);
}

/** The page's messages of the conversation plus those the two folders hold beyond the page. */
function wholeThread(thread: Thread, found: MailMessage[]): MailMessage[] {
  const all = new Map(thread.messages.map((m) => [m.id, m]));
  for (const m of found) if (m.thread_key === thread.key) all.set(m.id, m);
  return [...all.values()].sort(byDate);
}

export function ThreadView({ account, thread }: { account: string; thread: Thread }) {
  const { t } = useTranslation('email-agent');
  const search = threadSubject(thread.messages[0].subject) || undefined;
  const args = { id: account, page: 1, size: 100, search };
  const inbox = useMailMessagesQuery({ ...args, folder: 'inbox' });
  const sent = useMailMessagesQuery({ ...args, folder: 'sent' });
  const messages = useMemo(
    () => wholeThread(thread, [...(inbox.data?.items ?? []), ...(sent.data?.items ?? [])]),
    [thread, inbox.data, sent.data],
  );
  return (
    <section aria-label={t('conversation')} data-testid="mail-thread">
      <p className="small text-body-secondary mb-2">
        {t('inConversation', { count: messages.length })}
        {(inbox.isFetching || sent.isFetching) && (
          <CSpinner size="sm" className="ms-2" aria-label={t('loadingConversation')} />
        )}
      </p>
      {messages.map((m) => (
        <MessageView key={m.id} account={account} id={m.id} />
      ))}
    </section>
  );
}
