/**
 * Ranking by rarity: in real manuals a product name (capitalised, such as "GnuTLS" or
 * "Debian") stands in hundreds of passages. The words that decide the answer are the rare ones;
 * a passage without them is never quoted as the answer.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { chatAnswerSchema, type ChatAnswer } from '../../../../contract/chat';
import { createSearchIndex } from '../../../services/search';
import { addDepartment, personWith, type Person } from '../../../test-support/identity';
import { startTestApp, testDatabases, type TestApp } from '../../../test-support/test-app';
import { addDocument } from '../../../test-support/test-documents';

const FILLER = [
  'GnuTLS is packaged for Debian and Debian keeps GnuTLS up to date in every Debian release.',
  'Debian builds GnuTLS with the Debian toolchain; GnuTLS is a dependency of many Debian packages.',
  'The GnuTLS maintainers in Debian follow the GnuTLS upstream releases closely.',
];

describe.each(testDatabases)('ranking by rare words on %s', (dialect) => {
  let t: TestApp;
  let asker: Person;
  let department: number;
  let target = 0;

  const ask = async (query: string, advanced = false, mode = 'stuff'): Promise<ChatAnswer> => {
    const res = await t.api('POST', `/api/chat/${mode}`, {
      token: asker.token,
      body: { department_id: department, query, advanced_search: advanced },
    });
    expect(res.status).toBe(200);
    return chatAnswerSchema.parse(res.body);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    department = await addDepartment(t);
    asker = await personWith(t, department, 'Query.QUERY_DOCUMENT');
    const index = createSearchIndex(t.database);
    for (let i = 0; i < 45; i += 1)
      await addDocument(t.database, index, {
        departmentId: department,
        name: `debian-notes-${i}.pdf`,
        sections: [{ text: FILLER[i % FILLER.length], position: { page: 1 + (i % 7) } }],
      });
    target = await addDocument(t.database, index, {
      departmentId: department,
      name: 'gnutls-manual.pdf',
      sections: [
        { text: 'GnuTLS is a secure communications library.', position: { page: 1 } },
        {
          text: 'When GnuTLS verifies a peer, it checks the certificates against the system trust store in /etc/ssl/certs.',
          position: { page: 42 },
        },
      ],
    });
  });
  afterAll(async () => t?.close());

  it('when two parts of a question find the same passage, then each part is answered by its own reading of it', async () => {
    const index = createSearchIndex(t.database);
    await addDocument(t.database, index, {
      departmentId: department,
      name: 'marina-prices.pdf',
      sections: [{ text: 'Mooring fees are 12 euros per night.', position: { page: 2 } }],
    });
    // The first part matches the passage only in part (yachts, winter, storms are in no document); the
    // second part is answered by it. The second must not be judged by the first part's reading.
    const answer = await ask(
      'What are the mooring fees for yachts in winter storms? How much are the mooring fees?',
      false,
      'stuff-v3',
    );
    expect(answer.sub_questions).toHaveLength(2);
    expect(answer.answer).toContain('12 euros per night');
  });

  it.each([false, true])(
    'when a frequent name and a rare word are asked together, then the passage with the rare word is cited first and quoted (advanced %s)',
    async (advanced) => {
      const answer = await ask('How does GnuTLS verify certificates on Debian?', advanced);
      expect(answer.no_answer).toBe(false);
      expect(answer.references[0]).toMatchObject({ document_id: target, page: 42 });
      expect(answer.answer).toContain('/etc/ssl/certs');
    },
  );

  it.each([false, true])(
    'when the question’s distinctive words are in no passage, then the assistant declines instead of quoting the name (advanced %s)',
    async (advanced) => {
      const answer = await ask(
        'What is the favourite colour of the GnuTLS mascot on Debian?',
        advanced,
      );
      expect(answer.no_answer).toBe(true);
      expect(answer.answer).not.toMatch(/GnuTLS|Debian/);
    },
  );
});
