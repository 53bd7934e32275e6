/**
 * Reference entries cut by a chunk boundary: the function's signature ends one
 * passage and what it returns opens the next, which never names the function.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAnswerSchema } from '../../../../contract/chat';
import { createSearchIndex } from '../../../services/search';
import { addDepartment, personWith, type Person } from '../../../test-support/identity';
import { startTestApp, testDatabases, type TestApp } from '../../../test-support/test-app';
import { addDocument } from '../../../test-support/test-documents';

describe.each(testDatabases)('reference entries over two passages on %s', (dialect) => {
  let t: TestApp;
  let asker: Person;
  let department: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    department = await addDepartment(t);
    asker = await personWith(t, department, 'Query.QUERY_DOCUMENT');
    const index = createSearchIndex(t.database);
    await addDocument(t.database, index, {
      departmentId: department,
      name: 'codec-manual.pdf',
      sections: [
        {
          text:
            'The frame layer turns trees into bytes. codec_frame_size (codec node element) ' +
            'Returns the number of bytes the encoding of element takes. codec_frame_encode ' +
            '(codec node element, void * out, int * len) element: pointer to an element. ' +
            'out: the buffer that will contain the encoding.',
          position: { page: 20 },
        },
        {
          text:
            'len: number of bytes of out, initially the size of the buffer. Returns: ' +
            'CODEC_SUCCESS if the frame encoding is OK, CODEC_MEM_ERROR if out is too small.',
          position: { page: 21 },
        },
        {
          text: 'codec_frame_decode (codec node element, const void * in) Reads a frame back.',
          position: { page: 21 },
        },
      ],
    });
  });
  afterAll(async () => t?.close());

  it('when the asked function is named at the end of one passage, then the next passage answers what it returns', async () => {
    const res = await t.api('POST', '/api/chat/stuff', {
      token: asker.token,
      body: {
        department_id: department,
        query: 'What does codec_frame_encode return when the encoding succeeds?',
      },
    });
    expect(res.status).toBe(200);
    const answer = chatAnswerSchema.parse(res.body);
    expect(answer.answer).toContain('CODEC_SUCCESS if the frame encoding is OK');
    expect(answer.references.map((r) => r.page)).toContain(21);
  });
});
