import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_MODEL_ID, chatApiPaths, type ChatModelsResponse } from '@contract/chat';
import { apiUrl } from '@/test/handlers';
import {
  ask as askKit,
  openChat as openKitChat,
  answerFixture,
  json,
  referenceFixture,
  stubObjectUrls,
  stuffHandlers,
  type SeenChat,
} from './chat-test-kit';

async function openChat(extra: Parameters<typeof openKitChat>[0] = []) {
  const app = await openKitChat(extra);
  await waitFor(() => expect(screen.getByLabelText('Model')).toBeEnabled());
  return app;
}

async function ask(u: ReturnType<typeof userEvent.setup>, text: string) {
  await askKit(u, text);
  await screen.findByRole('button', { name: 'Send' });
}

const toggle = (name: string) => screen.getByRole('checkbox', { name });

beforeEach(() => {
  stubObjectUrls();
});

describe('/chat, options', { timeout: 30_000 }, () => {
  it('when the models arrive, then a model keeps the server’s label, the built-in engine is named in the reader’s words, gpt-4o is chosen and the departments are those with Query document', async () => {
    await openChat();
    const model = screen.getByLabelText('Model');
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['GPT-4o', 'Built-in extractive (no AI model)']);
    expect(model).toHaveValue('gpt-4o');
    const department = screen.getByLabelText('Department');
    expect(
      within(department)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['General', 'Sales']);
  });

  it('when gpt-4o is not offered, then the server’s default model is chosen and sent', async () => {
    const builtinOnly: ChatModelsResponse = {
      models: [{ id: BUILTIN_MODEL_ID, label: 'Built-in engine', engine: 'builtin' }],
      default_model: BUILTIN_MODEL_ID,
    };
    const seen: SeenChat[] = [];
    await openChat([
      http.get(apiUrl(chatApiPaths.models), () => json(builtinOnly)),
      ...stuffHandlers(() => json(answerFixture()), seen),
    ]);
    await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue(BUILTIN_MODEL_ID));
    await ask(userEvent.setup(), 'Hours?');
    expect(seen[0].body.model).toBe(BUILTIN_MODEL_ID);
  });

  it('when V2 or V3 is switched on, then the question goes to /chat/stuff-v2 or -v3 and the standalone question or parts are shown', async () => {
    const seen: SeenChat[] = [];
    await openChat([
      ...stuffHandlers(
        (_body) =>
          json(
            seen.at(-1)?.path === chatApiPaths.stuffV2
              ? answerFixture({
                  standalone_question: 'When does the harbour office open on Sundays?',
                })
              : answerFixture({ sub_questions: ['When does it open?', 'When does it close?'] }),
          ),
        seen,
      ),
    ]);
    const u = userEvent.setup();
    await u.click(toggle('V2 (follow-ups)'));
    await ask(u, 'And on Sundays?');
    expect(seen[0].path).toBe(chatApiPaths.stuffV2);
    expect(
      await screen.findByText('Searched as: When does the harbour office open on Sundays?'),
    ).toBeInTheDocument();

    await u.click(toggle('V3 (compound questions)'));
    expect(toggle('V2 (follow-ups)')).not.toBeChecked();
    await ask(u, 'When does it open and close?');
    expect(seen[1].path).toBe(chatApiPaths.stuffV3);
    expect(await screen.findByText('Answered in parts:')).toBeInTheDocument();
    expect(screen.getByText('When does it close?')).toBeInTheDocument();
  });

  it('when multi-source is on, then no department is chosen or sent; otherwise the chosen one is', async () => {
    const seen: SeenChat[] = [];
    await openChat([...stuffHandlers(() => json(answerFixture()), seen)]);
    const u = userEvent.setup();
    await u.selectOptions(screen.getByLabelText('Department'), 'Sales');
    await ask(u, 'First?');
    expect(seen[0].body).toMatchObject({ department_id: 2, multi_source: false });

    await u.click(toggle('Multi-source'));
    expect(screen.queryByLabelText('Department')).not.toBeInTheDocument();
    expect(screen.getByText('All departments you may query')).toBeInTheDocument();
    await ask(u, 'Second?');
    expect(seen[1].body).toMatchObject({ department_id: null, multi_source: true });
  });

  it('when advanced search, eval matrix and fetch images are on and references off, then the request says so and the matrix and images show', async () => {
    const seen: SeenChat[] = [];
    await openChat([
      ...stuffHandlers(
        () =>
          json(
            answerFixture({
              references: [],
              eval: {
                retrieval: [{ n: 1, chunk_id: 77, score: 0.8123 }],
                support: 0.75,
                timings: { retrieval_ms: 12.4, generation_ms: 3.2, total_ms: 16.9 },
              },
              images: [{ document_id: 9, url: chatApiPaths.download(9), alt: 'floor-plan.png' }],
            }),
          ),
        seen,
      ),
      http.get(apiUrl(chatApiPaths.download(9)), () =>
        HttpResponse.arrayBuffer(new Uint8Array([137, 80, 78, 71]).buffer, {
          headers: { 'content-type': 'image/png' },
        }),
      ),
    ]);
    const u = userEvent.setup();
    for (const name of ['Advanced search', 'Eval matrix', 'Fetch images', 'References'])
      await u.click(toggle(name));
    await ask(u, 'Where is the office?');
    expect(seen[0].body).toMatchObject({
      advanced_search: true,
      eval_matrix: true,
      fetch_images: true,
      references: false,
      recommendations: false,
    });
    const matrix = await screen.findByRole('region', { name: 'Eval matrix' });
    expect(within(matrix).getByText('0.812')).toBeInTheDocument();
    expect(within(matrix).getByText('Supported by the sources: 75%')).toBeInTheDocument();
    expect(
      within(matrix).getByText('Retrieval 12 ms · generation 3 ms · total 17 ms'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'floor-plan.png' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(screen.queryByRole('region', { name: 'References' })).not.toBeInTheDocument();
  });

  it('when a reference is a spreadsheet row range, then sheet and rows are shown', async () => {
    await openChat([
      ...stuffHandlers(() =>
        json(
          answerFixture({
            references: [
              referenceFixture({
                document_name: 'sales.xlsx',
                page: null,
                sheet: 'Q1',
                row_start: 4,
                row_end: 9,
              }),
            ],
          }),
        ),
      ),
    ]);
    await ask(userEvent.setup(), 'Sales?');
    expect(await screen.findByText('sheet Q1, rows 4–9')).toBeInTheDocument();
  });
});
