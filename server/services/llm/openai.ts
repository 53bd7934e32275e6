/**
 * An OpenAI-compatible chat provider (LLM_BASE_URL + LLM_API_KEY): POST {base}/v1/chat/completions
 * with `stream: true`, read as Server-Sent Events. A base that already ends in /v1 (as OpenAI's
 * own documentation writes it) is not doubled.
 *
 * Timeouts: `headersTimeoutMs` from the request until the answer's headers (connecting and the
 * model's thinking time before the first byte), then `idleTimeoutMs` between two chunks of the
 * stream. Either one, an HTTP error or a broken stream becomes an LlmError with a message a person
 * can read; the caller's signal (the browser went away) aborts the upstream request at once, so
 * the provider stops generating and the connection is closed.
 */
import type { ProviderErrorCode } from '../../../contract/chat';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  model: string;
  messages: LlmMessage[];
  signal?: AbortSignal;
  /** Called with each piece of text as it arrives. */
  onDelta?: (text: string) => void;
  temperature?: number;
  maxTokens?: number;
  /**
   * Structured output, sent as `response_format` as OpenAI-compatible servers accept it, e.g.
   * `{ type: 'json_schema', json_schema: { name, strict, schema } }`. The caller still checks
   * the reply: a server may ignore it.
   */
  responseFormat?: {
    type: 'json_schema';
    json_schema: { name: string; strict?: boolean; schema: object };
  };
}

export interface LlmProvider {
  models: readonly string[];
  complete(request: CompletionRequest): Promise<string>;
}

type LlmErrorKind = 'timeout' | 'http' | 'network' | 'protocol' | 'aborted';

/**
 * `message` is what users may read: our own words, never the provider's. Whatever the provider
 * said (its error text can echo the API key) goes only to the log, with the key removed.
 */
export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }

  /** The code the console translates (`chat:providerErrors.*`); undefined when cancelled. */
  get code(): ProviderErrorCode | undefined {
    return PROVIDER_ERROR_CODES[this.kind];
  }
}

const PROVIDER_ERROR_CODES: Record<LlmErrorKind, ProviderErrorCode | undefined> = {
  timeout: 'LLM_TIMEOUT',
  http: 'LLM_HTTP_ERROR',
  network: 'LLM_UNREACHABLE',
  protocol: 'LLM_BAD_ANSWER',
  aborted: undefined,
};

export interface LlmLog {
  warn(details: Record<string, unknown>, message: string): void;
}

interface OpenAiOptions {
  baseUrl: string;
  apiKey: string;
  models: readonly string[];
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  fetchImpl?: typeof fetch;
  /** Where the provider's own error text goes (never to users). */
  log?: LlmLog;
}

export function completionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v1$/.test(base) ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
}

interface StreamChunk {
  choices?: { delta?: { content?: string | null }; message?: { content?: string | null } }[];
  error?: { message?: string };
}

async function errorText(response: Response): Promise<string> {
  try {
    const text = (await response.text()).slice(0, 2000);
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string }; message?: string };
      return parsed.error?.message ?? parsed.message ?? text;
    } catch {
      return text;
    }
  } catch {
    return '';
  }
}

export function createOpenAiProvider(options: OpenAiOptions): LlmProvider {
  const url = completionsUrl(options.baseUrl);
  const doFetch = options.fetchImpl ?? fetch;
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  /** Logs the provider's words without the key, then fails with our own. */
  const providerFailure = (kind: LlmErrorKind, message: string, said: string): LlmError => {
    const redacted = options.apiKey ? said.split(options.apiKey).join('[redacted]') : said;
    options.log?.warn({ kind, provider: redacted.slice(0, 500) }, 'LLM provider failed');
    return new LlmError(kind, message);
  };

  async function complete(request: CompletionRequest): Promise<string> {
    const upstream = new AbortController();
    let timedOut: string | null = null;
    let timer: NodeJS.Timeout | undefined;
    const arm = (ms: number, message: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = message;
        upstream.abort();
      }, ms);
    };
    const onCallerAbort = () => upstream.abort();
    if (request.signal?.aborted) throw new LlmError('aborted', 'The request was cancelled.');
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const fail = (error: unknown): never => {
      if (request.signal?.aborted) throw new LlmError('aborted', 'The request was cancelled.');
      if (timedOut) throw new LlmError('timeout', timedOut);
      if (error instanceof LlmError) throw error;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const detail = cause?.code ?? cause?.message ?? (error as Error).message;
      throw providerFailure('network', 'The AI model could not be reached.', String(detail));
    };

    try {
      arm(
        options.headersTimeoutMs,
        `The AI model did not start answering within ${seconds(options.headersTimeoutMs)}.`,
      );
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            authorization: `Bearer ${options.apiKey}`,
          },
          body: JSON.stringify({
            model: request.model,
            messages: request.messages,
            stream: true,
            temperature: request.temperature ?? 0.2,
            ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
            ...(request.responseFormat ? { response_format: request.responseFormat } : {}),
          }),
          signal: upstream.signal,
        });
      } catch (error) {
        return fail(error);
      }
      if (!response.ok) {
        const detail = (await errorText(response)).replace(/\s+/g, ' ').trim().slice(0, 300);
        throw providerFailure(
          'http',
          `The AI model answered with an error (HTTP ${response.status}).`,
          detail,
        );
      }
      const idleMessage = `The AI model stopped sending for ${seconds(options.idleTimeoutMs)}.`;
      arm(options.idleTimeoutMs, idleMessage);
      const type = response.headers.get('content-type') ?? '';
      if (!type.includes('text/event-stream')) {
        // A server that ignores `stream: true` answers one JSON completion.
        const body = (await response.json().catch(fail)) as StreamChunk;
        const text = body.choices?.[0]?.message?.content ?? '';
        if (text) request.onDelta?.(text);
        return text;
      }
      return await readStream(
        response,
        request.onDelta,
        () => arm(options.idleTimeoutMs, idleMessage),
        (said) => providerFailure('http', 'The AI model reported an error.', said),
      );
    } catch (error) {
      return fail(error);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return { models: options.models, complete };
}

async function readStream(
  response: Response,
  onDelta: ((text: string) => void) | undefined,
  onActivity: () => void,
  reported: (said: string) => LlmError,
): Promise<string> {
  if (!response.body) throw new LlmError('protocol', 'The AI model sent an empty answer.');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let full = '';
  let done = false;
  while (!done) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    onActivity();
    pending += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline).replace(/\r$/, '');
      pending = pending.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') {
        done = true;
        break;
      }
      let chunk: StreamChunk;
      try {
        chunk = JSON.parse(data) as StreamChunk;
      } catch {
        throw new LlmError('protocol', 'The AI model sent a stream that could not be read.');
      }
      if (chunk.error) throw reported(chunk.error.message ?? '');
      const text = chunk.choices?.[0]?.delta?.content ?? '';
      if (text) {
        full += text;
        onDelta?.(text);
      }
    }
  }
  if (done) await reader.cancel().catch(() => undefined);
  return full;
}
