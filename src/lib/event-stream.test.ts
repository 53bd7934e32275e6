import { describe, expect, it } from 'vitest';
import { createEventParser, readEventStream, type ServerSentEvent } from './event-stream';

function parse(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createEventParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

describe('event stream', () => {
  it('when events arrive split anywhere, then each is parsed whole with its name and data', () => {
    const text = 'event: meta\ndata: {"a":1}\n\nevent: delta\ndata: {"text":"Hi"}\n\n';
    for (let cut = 1; cut < text.length; cut++)
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual([
        { event: 'meta', data: '{"a":1}' },
        { event: 'delta', data: '{"text":"Hi"}' },
      ]);
  });

  it('when lines end in CRLF or CR, carry comments or several data lines, then the spec rules apply', () => {
    expect(
      parse([': keep-alive\r\n', 'data: one\r', '\ndata:two\r\n\r\n', 'event: x\rdata\r\r']),
    ).toEqual([
      { event: 'message', data: 'one\ntwo' },
      { event: 'x', data: '' },
    ]);
  });

  it('when the stream ends without the closing blank line, then the unfinished event is dropped', () => {
    expect(parse(['event: done\ndata: {}\n'])).toEqual([]);
  });

  it('when a body stream is read, then multi-byte characters split across chunks survive', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Größe €"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(new Uint8Array([b]));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    await readEventStream(body, (e) => events.push(e));
    expect(JSON.parse(events[0].data)).toEqual({ text: 'Größe €' });
  });
});
