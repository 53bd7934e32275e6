/**
 * A question with a rare word and a frequent one is scored among the rare word's passages only
 * (the frequent word's would be thousands to read). The hits must stay exactly those that
 * scoring every passage holding any of its words gives, on either database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDocument } from '../../test-support/test-documents';
import { startTestApp, testDatabases, type TestApp } from '../../test-support/test-app';
import { createSearchIndex } from './index';
import { CANDIDATE_CAP, formsOf } from './query';
import { questionGroups } from './question-groups';
import { createScorer } from './scorer';
import type { SearchIndex } from './types';

describe.each(testDatabases)('candidate pruning on %s', (dialect) => {
  let t: TestApp;
  let index: SearchIndex;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    index = createSearchIndex(t.database);
    // "project" is in every passage, "team" in a quarter (too many to pick candidates, yet it
    // weighs), "ibex-77" in five.
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
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /** Every passage holding any of the question's terms, scored, best first. */
  async function scoredAll(question: string, limit: number): Promise<number[]> {
    const { groups } = questionGroups(question, await index.corpusLanguages());
    const stats = await index.termStats(formsOf(groups));
    const scorer = createScorer(groups, stats);
    const rows = await t.database.db
      .selectFrom('chunks')
      .select(['id', 'terms', 'label_terms'])
      .execute();
    return rows
      .map((r) => ({
        id: r.id,
        terms: r.terms.split(' '),
        labelTerms: r.label_terms ? r.label_terms.split(' ') : [],
      }))
      .filter((r) => scorer.matched(r).some(Boolean))
      .map((r) => ({ id: r.id, score: scorer.score(r) }))
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, limit)
      .map((r) => r.id);
  }

  it('when a question pairs a rare code with a word in every passage, then the hits are those of scoring every passage', async () => {
    for (const question of [
      'Which team runs project ibex-77?',
      'What is the budget of project ibex-77?',
      'When does project ibex-77 end?',
    ]) {
      const hits = await index.search({ text: question, departmentIds: [1], limit: 5 });
      expect(hits.map((h) => h.chunkId)).toEqual(await scoredAll(question, 5));
      expect(hits).toHaveLength(5);
    }
    const team = await index.search({
      text: 'Which team runs project ibex-77?',
      departmentIds: [1],
      limit: 1,
    });
    expect(team[0].text).toContain('the team of Ana Diaz');
  });
});
