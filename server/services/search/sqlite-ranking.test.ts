import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDocument } from '../../test-support/test-documents';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { createSearchIndex } from './index';
import { CANDIDATE_CAP, fts5Query, searchTerms } from './query';
import type { SearchIndex } from './types';

/**
 * SQLite ranks a question with a rare word among the rare word's rows only, and leaves out of
 * the ranking the words in half the rows or more (they weigh nothing in bm25; counting them was
 * most of the cost). The order must stay what bm25 over every word gives.
 */
describe('SQLite ranking of rare rows', () => {
  let t: TestApp;
  let index: SearchIndex;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    index = createSearchIndex(t.database);
    // "project" is in every row (it weighs nothing), "team" in a quarter (too many rows to be
    // a candidate, yet it weighs), "ibex-77" in five.
    const filler = Array.from({ length: 4 * CANDIDATE_CAP }, (_, i) => ({
      text: `Project ${i} notes: the project runs as planned${i % 4 === 0 ? ' by the team' : ''}.`,
    }));
    await addDocument(t.database, index, { departmentId: 1, name: 'filler.pdf', sections: filler });
    await addDocument(t.database, index, {
      departmentId: 1,
      name: 'ibex.pdf',
      sections: [
        // The same but for "team", which alone must put the second first.
        { text: 'Project ibex-77 is run by the office of Ana Diaz.' },
        { text: 'Project ibex-77 is run by the team of Ana Diaz.' },
        { text: 'The budget of project ibex-77 is 40,000 euros and the project budget is fixed.' },
        { text: 'Project ibex-77 ends in May. Project reviews of project ibex-77 are monthly.' },
        { text: 'A note on ibex-77, the project.' },
      ],
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The order bm25 gives over every word of the question, in one OR query over all rows. */
  async function plainBm25(question: string, limit: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      select rowid as id from chunks_fts where chunks_fts match ${fts5Query(searchTerms(question))}
      order by bm25(chunks_fts, 1.0, 0.4), rowid limit ${limit}`.execute(t.database.db);
    return rows.map((r) => r.id);
  }

  it('when a question pairs a rare code with a word in every row, then the hits are in plain bm25 order', async () => {
    for (const question of [
      'Which team runs project ibex-77?',
      'What is the budget of project ibex-77?',
      'When does project ibex-77 end?',
    ]) {
      const hits = await index.search({ text: question, departmentIds: [1], limit: 5 });
      expect(hits.map((h) => h.chunkId)).toEqual(await plainBm25(question, 5));
      expect(hits).toHaveLength(5);
    }
  });
});
