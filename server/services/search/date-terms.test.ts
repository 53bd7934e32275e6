import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTerms } from '../../db/migrations/0029-date-terms';
import { addDepartment } from '../../test-support/identity';
import { addDocument } from '../../test-support/test-documents';
import { startTestApp, testDatabases, type TestApp } from '../../test-support/test-app';
import { tsvectorOf } from './chunk-terms';
import { createSearchIndex } from './index';
import type { SearchIndex } from './types';

describe.each(testDatabases)('date terms in the index on %s', (dialect) => {
  let t: TestApp;
  let index: SearchIndex;
  let dept: number;
  let id: number;

  const find = (term: string) =>
    index.search({ groups: [{ term, forms: [term] }], departmentIds: [dept], limit: 10 });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    index = createSearchIndex(t.database);
    dept = await addDepartment(t);
    id = await addDocument(t.database, index, {
      departmentId: dept,
      name: 'shipments.xlsx',
      type: 'xlsx',
      sections: [
        {
          text: 'date: 2014-07-03; vessel: Aurora; cargo: 1,234.50',
          position: { sheet: 'Arrivals', row_start: 2, row_end: 2 },
        },
        { text: 'Le navire Boréal est arrivé le 4 juillet 2014.', position: { page: 1 } },
      ],
    });
  });
  afterAll(() => t?.close());

  it('when passages write dates in figures or in words, then each is found by its day and its month', async () => {
    expect((await find('d20140703')).map((h) => h.position.sheet)).toEqual(['Arrivals']);
    expect((await find('d20140704')).map((h) => h.position.page)).toEqual([1]);
    expect(await find('m201407')).toHaveLength(2);
  });

  it('when chunks were stored by the analysis before dates, then the migration analyses them again and their dates are found', async () => {
    // The chunks as the older analysis stored them: their words, no date terms.
    const old = {
      terms: '2014 07 03 2014_07_03 vessel aurora cargo 1 234.50',
      labelTerms: 'arrival',
    };
    await t.database.db
      .updateTable('chunks')
      .set({
        terms: old.terms,
        label_terms: old.labelTerms,
        analysis: 1,
        ...(dialect === 'postgres' ? { tsv: tsvectorOf(old) } : {}),
      })
      .where('document_id', '=', id)
      .execute();
    expect(await find('d20140703')).toEqual([]);
    await dateTerms(dialect).up(t.database.db);
    expect((await find('d20140703')).map((h) => h.position.sheet)).toEqual(['Arrivals']);
    expect(await find('m201407')).toHaveLength(2);
  });
});
