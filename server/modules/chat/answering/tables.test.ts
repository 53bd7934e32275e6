import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDepartment, personWith, type Person } from '../../../test-support/identity';
import { uploadFiles, waitForDocument } from '../../../test-support/knowledge';
import {
  deliveryDay,
  exportsOf,
  parcelsOf,
  rainOf,
  WEATHER_LOGS,
  writeCitiesCsv,
  writeDeliveriesCsv,
  writeWeatherWorkbook,
  writtenDay,
} from '../../../test-support/table-fixtures';
import { startTestApp, testDatabases, type TestApp } from '../../../test-support/test-app';

/** Tables the way people keep them, uploaded through the API and asked about. */
describe.each(testDatabases)('answers from tables on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let editor: Person;
  let dept: number;
  const ids: Record<string, number> = {};

  const ask = async (query: string) => {
    const res = await t.api('POST', '/api/chat/stuff', {
      token: editor.token,
      body: { query, department_id: dept },
    });
    expect(res.status).toBe(200);
    return res.body as {
      answer: string;
      no_answer: boolean;
      references: {
        document_id: number;
        sheet: string | null;
        row_start: number | null;
        row_end: number | null;
      }[];
    };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-tables-'));
    t = await startTestApp(dialect);
    dept = await addDepartment(t);
    editor = await personWith(
      t,
      dept,
      'Documents.ADD',
      'Documents.LIST_VIEW',
      'Query.QUERY_DOCUMENT',
    );
    await writeWeatherWorkbook(join(dir, 'weather.xlsx'));
    writeCitiesCsv(join(dir, 'cities.csv'));
    writeDeliveriesCsv(join(dir, 'deliveries.csv'));
    const res = await uploadFiles(
      t,
      editor.token,
      ['weather.xlsx', 'cities.csv', 'deliveries.csv'].map((name) => ({
        name,
        content: readFileSync(join(dir, name)),
      })),
      { department_id: String(dept) },
    );
    for (const item of res.body.items) ids[item.file_name] = item.document_id;
    for (const id of Object.values(ids)) {
      const doc = await waitForDocument(t, editor.token, id, 90_000);
      expect(doc.status, doc.error ?? '').toBe('ready');
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A day's rain as the workbook shows it (format "0.0"). */
  const rainOfDay = (log: number, day: number) => rainOf(log, day).toFixed(1);

  it.each([
    // The date as each sheet's format shows it; ISO where the format does not say which
    // number is the day ("dd/mm/yyyy" of 09/02/2013, "mm-dd-yy").
    ['English', 0, 8, 'What was the rainfall on 9 January 2013?', '2013-01-09'],
    ['English, month first', 0, 11, 'What was the rainfall on January 12th, 2013?', '2013-01-12'],
    ['English, in figures', 0, 14, 'What was the rainfall on 2013-01-15?', '2013-01-15'],
    ['French', 1, 8, 'Combien de pluie est tombée le 9 février 2013 ?', '2013-02-09'],
    [
      'French, a day only one reading fits',
      1,
      13,
      'Quelle pluie le 14 février 2013 ?',
      '14/02/2013',
    ],
    ['German', 2, 8, 'Wie viel Regen fiel am 9. März 2013?', '09.03.2013'],
    ['Spanish', 3, 8, '¿Cuánta lluvia cayó el 9 de abril de 2013?', '9-Apr-13'],
    ['Arabic', 4, 8, 'كم كانت كمية المطر في 9 مايو 2013؟', '2013-05-09'],
    [
      'Arabic, the Levantine month name',
      4,
      10,
      'كم كانت كمية المطر في 11 أيار 2013؟',
      '2013-05-11',
    ],
  ])(
    'when a question names a day in words (%s), then the answer quotes the row of that date cell with its figures as shown',
    async (_, log, day, query, shown) => {
      const answer = await ask(query);
      expect(answer.no_answer).toBe(false);
      const row = answer.answer.split('\n')[0];
      expect(row).toContain(`${WEATHER_LOGS[log].headers[0]}: ${shown};`);
      expect(row).toContain(`${WEATHER_LOGS[log].headers[1]}: ${rainOfDay(log, day)};`);
      expect(answer.references[0]).toMatchObject({
        document_id: ids['weather.xlsx'],
        sheet: WEATHER_LOGS[log].sheet,
      });
      const ref = answer.references[0];
      const sheetRow = day + 2; // the header is row 1
      expect(ref.row_start).toBeLessThanOrEqual(sheetRow);
      expect(ref.row_end).toBeGreaterThanOrEqual(sheetRow);
    },
  );

  it('when a question writes the day in figures that may be either day or month first, then the reading the table holds is answered', async () => {
    // 01/09/2013: 9 January or 1 September; the log holds January.
    const answer = await ask('What was the rainfall on 01/09/2013?');
    expect(answer.answer).toContain(`Date: 2013-01-09; Rainfall (mm): ${rainOfDay(0, 8)};`);
  });

  it.each([
    ['3 July 2014', 124, 6],
    ['March 7, 2014', 6, 124],
  ])(
    'when a csv writes its dates as figures that its own days above 12 read day first, then "%s" finds that one row',
    async (day, i, other) => {
      // 03/07/2014 and 07/03/2014: either may be 3 July in an English table, this one's
      // 15/07/2014 says which.
      expect([writtenDay(deliveryDay(i)), writtenDay(deliveryDay(other))].sort()).toEqual([
        '03/07/2014',
        '07/03/2014',
      ]);
      const answer = await ask(`How many parcels were delivered on ${day}?`);
      expect(answer.answer).toContain(
        `date: ${writtenDay(deliveryDay(i))}; parcels: ${parcelsOf(i)};`,
      );
      expect(answer.answer).not.toContain(writtenDay(deliveryDay(other)));
      expect(answer.references).toHaveLength(1);
      expect(answer.references[0]).toMatchObject({ document_id: ids['deliveries.csv'] });
    },
  );

  it('when a question names a row by its key and asks for a column, then the answer is that row with the value as the file shows it', async () => {
    const exports = await ask('What were the exports of the 2019 row?');
    expect(exports.answer).toContain(
      `Year: 2019; Exports: ${exportsOf(2019).toLocaleString('en-US', { minimumFractionDigits: 2 })};`,
    );
    expect(exports.references[0]).toMatchObject({
      document_id: ids['weather.xlsx'],
      sheet: 'Trade',
    });
    const population = await ask('What is the population of Lyon?');
    expect(population.answer).toContain('city: Lyon; population: 522,250; area_km2: 47.87');
    expect(population.references[0]).toMatchObject({ document_id: ids['cities.csv'] });
    const area = await ask('What is the area of the Nantes row?');
    expect(area.answer).toContain('city: Nantes; population: 323,204; area_km2: 65.19');
  });

  it('when a workbook cell is a formatted percentage, then the answer shows it as the file does', async () => {
    const share = await ask('What was the share of output in the 2016 row?');
    expect(share.answer).toMatch(/Year: 2016; .*Share of output: \d+\.\d%/);
  });

  it.each([
    ['a column the table does not have', 'How much snow fell on 9 February 2013?'],
    ['a day the table does not hold', 'What was the rainfall on 9 January 2019?'],
    ['a place the table is not about', 'What was the population of Lyon in Canada in 1900?'],
  ])('when a question asks a table for %s, then it is declined', async (_, query) => {
    const answer = await ask(query);
    expect(answer.no_answer).toBe(true);
  });
});
