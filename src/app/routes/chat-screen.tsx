/**
 * /chat (SPEC §2) is the knowledge assistant for signed-in users and the landing of a chat
 * widget's visitors, who get the visitor chat instead: the screen picks by the
 * session's kind. Each page is its own chunk; the likely one starts loading with this one.
 */
import { lazy } from 'react';
import { selectChat } from '@/features/chat/chat-state';
import { ConversationTicket } from '@/features/integrations/conversation-ticket';
import { readSessionToken } from '@/lib/session/session-cookies';
import { useAppSelector } from '../store';

const loadChatPage = () => import('@/features/chat/chat-page');
const loadVisitorChatPage = () => import('@/features/chat/visitor-chat-page');

// Start the likely page's chunk with this one rather than when the screen first renders; the
// screen asks again then and reports a failure.
(readSessionToken('user') ? loadChatPage() : loadVisitorChatPage()).catch(() => undefined);

const ChatPage = lazy(() => loadChatPage().then((m) => ({ default: m.ChatPage })));
const VisitorChatPage = lazy(() =>
  loadVisitorChatPage().then((m) => ({ default: m.VisitorChatPage })),
);

/** The conversation's helpdesk ticket, above the assistant's chat. */
function ChatWithTicket() {
  const chat = useAppSelector(selectChat);
  const version = `${chat.messages.length}:${chat.sending}:${chat.messages.map((m) => m.feedback?.rating ?? '').join()}`;
  // A new chat's id arrives with its first answer, but the server keeps the conversation only
  // once that answer is finished: asking for its ticket before then answers 404.
  const stored = chat.messages.some((m) => m.sender === 'server' && m.status === 'done');
  return (
    <>
      <ConversationTicket chatId={stored ? chat.uuid : null} version={version} />
      <ChatPage />
    </>
  );
}

export function ChatScreen() {
  const visitor = useAppSelector((s) => s.session.kind === 'widget');
  return visitor ? <VisitorChatPage /> : <ChatWithTicket />;
}
