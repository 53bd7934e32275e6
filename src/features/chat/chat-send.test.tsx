import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatApiPaths } from '@contract/chat';
import { apiUrl, errorResponse } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { selectChat } from './chat-state';
import {
  openChat,
  answerFixture,
  json,
  referenceFixture,
  streamedAnswer,
  stubObjectUrls,
  stuffHandlers,
  type SeenChat,
} from './chat-test-kit';

const questionBox = () => screen.getByLabelText('Your question');
const answers = () =>
  screen.queryAllByTestId('chat-message').filter((m) => m.dataset.sender === 'server');

async function ask(text: string) {
  const u = userEvent.setup();
  await u.type(questionBox(), text);
  await u.click(screen.getByRole('button', { name: 'Send' }));
  return u;
}

beforeEach(() => {
  stubObjectUrls();
});

describe('/chat, asking', { timeout: 30_000 }, () => {
  it('when a question is sent, then the answer renders as Markdown with its references and both times on a 12-hour clock', async () => {
    const seen: SeenChat[] = [];
    server.use(...stuffHandlers(() => json(answerFixture()), seen));
    await openChat();
    await ask('When does the harbour office open?');

    const answer = await screen.findByText('07:15', { selector: 'strong' }, { timeout: 15_000 });
    expect(answer).toBeInTheDocument();
    const [message] = answers();
    const refs = within(message).getByRole('region', { name: 'References' });
    expect(within(refs).getByText('harbour-handbook.pdf')).toBeInTheDocument();
    expect(within(refs).getByText('page 3')).toBeInTheDocument();
    expect(
      within(refs).getByText('The harbour office opens at 07:15 on weekdays.'),
    ).toBeInTheDocument();
    expect(within(message).getByText(/04\/03\/2025, \d{2}:05 (AM|PM)/)).toBeInTheDocument();
    expect(within(message).getByText(/Built-in extractive \(no AI model\)/)).toBeInTheDocument();
    const question = screen.getAllByTestId('chat-message')[0];
    expect(within(question).getByText('When does the harbour office open?')).toBeInTheDocument();

    expect(seen).toHaveLength(1);
    expect(seen[0].path).toBe(chatApiPaths.stuff);
    expect(seen[0].accept).toBe('text/event-stream');
    expect(seen[0].body).toMatchObject({
      query: 'When does the harbour office open?',
      model: 'gpt-4o',
      department_id: 1,
      references: true,
      multi_source: false,
    });
    expect(seen[0].body.chat_id).toBeUndefined();
  });

  it('when the answer streams, then the text grows delta by delta and the follow-up carries the chat id', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: SeenChat[] = [];
    const final = answerFixture({ answer: 'Opens at 07:15 sharp.' });
    server.use(
      ...stuffHandlers(
        () =>
          streamedAnswer(
            final,
            ['Opens at ', '07:15 ', 'sharp.'],
            seen.length === 1 ? held : undefined,
          ),
        seen,
      ),
    );
    await openChat();
    await ask('When does it open?');

    await waitFor(() => expect(answers()[0]).toHaveTextContent('Opens at'));
    expect(answers()[0]).not.toHaveTextContent('sharp.');
    expect(within(answers()[0]).getByRole('status')).toHaveTextContent('Writing the answer...');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    release();

    await waitFor(() => expect(answers()[0]).toHaveTextContent('Opens at 07:15 sharp.'));
    await screen.findByRole('button', { name: 'Send' });
    await ask('And on Sundays?');
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1].body.chat_id).toBe(final.chat_id);
  });

  it('when Stop is pressed while the answer is pending, then the request is aborted and Message sending cancelled is shown', async () => {
    let aborted = false;
    server.use(
      ...stuffHandlers(
        (_body, request) =>
          new Promise<Response>((resolve) => {
            request.signal.addEventListener('abort', () => {
              aborted = true;
              resolve(HttpResponse.json({}));
            });
          }),
      ),
    );
    await openChat();
    const u = await ask('A slow question');
    await u.click(await screen.findByRole('button', { name: 'Stop' }));

    expect(await screen.findByText('Message sending cancelled')).toBeInTheDocument();
    await waitFor(() => expect(aborted).toBe(true));
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('when the server fails, then the answer says why and the next question can be sent', async () => {
    server.use(...stuffHandlers(() => errorResponse(500, 'INTERNAL_ERROR', 'Index unavailable')));
    await openChat();
    await ask('Anything?');
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be given/);
    expect(screen.getByLabelText('Your question')).toBeEnabled();
  });

  it('when the language model failed, then its message is shown and the built-in engine answers on request', async () => {
    const seen: SeenChat[] = [];
    server.use(
      ...stuffHandlers(
        (body) =>
          json(
            body.model === 'gpt-4o'
              ? answerFixture({
                  answer: '',
                  engine: 'openai',
                  model: 'gpt-4o',
                  references: [],
                  provider_error: 'The model did not answer within 30 s.',
                })
              : answerFixture({ message_id: 502 }),
          ),
        seen,
      ),
    );
    await openChat();
    const u = await ask('When does it open?');
    expect(
      await screen.findByText('The language model failed: The model did not answer within 30 s.'),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Ask again with the built-in engine' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1].body).toMatchObject({ model: 'atrium-extractive', query: 'When does it open?' });
    expect(screen.getByLabelText('Model')).toHaveValue('atrium-extractive');
    expect(
      await screen.findAllByText('07:15', { selector: 'strong' }, { timeout: 15_000 }),
    ).toHaveLength(1);
  });

  it("when the language model failed with a code, then the reason is said from the code in the reader's language", async () => {
    server.use(
      ...stuffHandlers(() =>
        json(
          answerFixture({
            provider_error: 'The AI model answered with an error (HTTP 401).',
            provider_error_code: 'LLM_HTTP_ERROR',
          }),
        ),
      ),
    );
    await openChat();
    await ask('When does it open?');
    expect(
      await screen.findByText(
        'The language model failed: it answered with an error. The built-in engine answered instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/HTTP 401/)).not.toBeInTheDocument();
  });

  it('when a reference is opened, then the pdf from /download is shown beside the conversation at the cited page', async () => {
    let downloads = 0;
    server.use(
      ...stuffHandlers(() => json(answerFixture({ references: [referenceFixture({ page: 7 })] }))),
      http.get(apiUrl(chatApiPaths.download(41)), () => {
        downloads++;
        return new HttpResponse(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          headers: { 'content-type': 'application/pdf' },
        });
      }),
    );
    const { store } = await openChat();
    const u = await ask('When does the harbour office open?');
    await u.click(
      await screen.findByRole('button', { name: 'Open source [1] harbour-handbook.pdf' }),
    );
    const frame = await screen.findByTitle('Source document harbour-handbook.pdf');
    expect(frame).toHaveAttribute('src', expect.stringMatching(/^blob:.*#page=7$/));
    expect(
      screen.getByRole('heading', { name: 'harbour-handbook.pdf, page 7' }),
    ).toBeInTheDocument();
    expect(downloads).toBe(1);
    const chat = selectChat(store.getState());
    expect(frame.getAttribute('src')).toBe(`${chat.pdfUrl}#page=7`);

    await u.click(screen.getByRole('button', { name: 'Close source' }));
    expect(screen.queryByTitle('Source document harbour-handbook.pdf')).not.toBeInTheDocument();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith(chat.pdfUrl));
  });

  it('when a citation number in the answer is clicked, then that source opens', async () => {
    server.use(
      ...stuffHandlers(() => json(answerFixture())),
      http.get(apiUrl(chatApiPaths.download(41)), () =>
        HttpResponse.arrayBuffer(new ArrayBuffer(8), {
          headers: { 'content-type': 'application/pdf' },
        }),
      ),
    );
    await openChat();
    const u = await ask('When?');
    await u.click(await screen.findByRole('button', { name: 'Open source 1' }));
    expect(await screen.findByTitle('Source document harbour-handbook.pdf')).toBeInTheDocument();
  });
});
