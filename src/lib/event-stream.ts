/**
 * Server-Sent Events read from a fetch body (the chat streams its answers this way). EventSource
 * cannot POST or send our headers, so the client reads the stream itself. Parsing follows the
 * HTML "event stream interpretation": lines ending in LF, CR or CRLF; `event:` and `data:` fields
 * (several data lines are joined with LF); a blank line dispatches; `:` lines are comments.
 */
export interface ServerSentEvent {
  /** `message` when the event named none. */
  event: string;
  data: string;
}

/** Incremental parser: feed it text as it arrives; it calls `onEvent` for each complete event. */
export function createEventParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A lone CR at the end may be the first half of CRLF: wait for the next chunk.
        if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    /** The stream ended: an event without its closing blank line is dropped, as the spec says. */
    end() {
      // A CR held back in case LF followed ended the last line after all.
      if (buffer.endsWith('\r')) line(buffer.slice(0, -1));
      buffer = '';
      event = '';
      data = [];
    },
  };
}

/** Reads `body` to its end, calling `onEvent` for every event. Rejects as the read does (abort). */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
): Promise<void> {
  const parser = createEventParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
