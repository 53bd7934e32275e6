import { describe, expect, it } from 'vitest';
import { chatRequestSchema } from '../../../../contract/chat';
import type { Database } from '../../../db/database';
import { ChatCancelled, createAnswerService } from './answer-service';
import type { ChatRepo, NewTurn } from '../conversations/repo';
import type { Passage, Retriever } from './retrieval';

const passage: Passage = {
  chunkId: 1,
  documentId: 7,
  documentName: 'guide.pdf',
  documentTitle: null,
  isUrl: false,
  type: 'pdf',
  language: 'en',
  text: 'The X200 printer weighs 8 kg. The X200 printer has a warranty of 24 months. The X200 printer prints 30 pages a minute.',
  position: { page: 1, sheet: null, row_start: null, row_end: null, heading: null },
  indexScore: 1,
  coverage: 1,
  score: 1,
};

function service(turns: NewTurn[]) {
  const repo = {
    findConversation: async () => undefined,
    history: async () => [],
    logTurn: async (_conversation: unknown, turn: NewTurn) => {
      turns.push(turn);
      return turns.length;
    },
  } as unknown as ChatRepo;
  const retriever: Retriever = {
    retrieve: async () => [passage],
    documents: async () => new Map(),
  };
  return createAnswerService({ database: {} as Database, repo, retriever, provider: null });
}

const subject = {
  is_defaultadmin: false,
  permissions: [
    {
      role_id: 1,
      role_name: 'Reader',
      department_id: 3,
      department_name: 'Ops',
      actions: [
        {
          module_name: 'Query' as const,
          ADD: false,
          UPDATE: false,
          VIEW: false,
          LIST_VIEW: false,
          DELETE: false,
          QUERY_DOCUMENT: true,
          ANALYTICS: false,
          DOWNLOAD: false,
        },
      ],
    },
  ],
};

describe('the built-in engine stops when the client goes away', () => {
  it('when the signal aborts after the first piece, then no more text is produced and the turn is logged as cancelled', async () => {
    const turns: NewTurn[] = [];
    const controller = new AbortController();
    const pieces: string[] = [];
    const answers = service(turns);
    const pending = answers.ask({
      mode: 'stuff',
      request: chatRequestSchema.parse({
        query: 'What does the X200 printer weigh, how long is its warranty and how fast is it?',
        department_id: 3,
      }),
      userId: 5,
      subject,
      signal: controller.signal,
      sink: {
        meta: () => undefined,
        delta: (text) => {
          pieces.push(text);
          controller.abort();
        },
      },
    });
    await expect(pending).rejects.toBeInstanceOf(ChatCancelled);
    expect(pieces).toHaveLength(1);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({
      cancelled: 1,
      answer: pieces[0],
      user_id: 5,
      department_id: 3,
    });
  });
});
