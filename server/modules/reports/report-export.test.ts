import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { addDepartment, addPerson, personWith } from '../../test-support/identity';
import { describeApi, TEST_API_KEY } from '../../test-support/test-app';
import { csvField } from './export/csv';
import { seedWeek, WEEK_QUERY } from './report-fixtures';
import { pdfItems, pdfText } from '../../test-support/pdf-text';
import { pdfDrawing } from '../../test-support/pdf-drawing';

const week = WEEK_QUERY;

/** GET /reports/analytics/export/ (SPEC §7, §9): each format read back, and its right. */
describeApi('report exports', (t) => {
  beforeAll(async () => {
    const owner = await addPerson(t);
    await seedWeek(t, owner.id, await addDepartment(t));
  });
  const download = async (query: string, token = t.admin, language?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/analytics/export/?${query}`,
      headers: {
        'x-api-key': TEST_API_KEY,
        authorization: `Bearer ${token}`,
        ...(language ? { 'accept-language': language } : {}),
      },
    });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
  };

  it('when no format is asked, then a pdf comes with the title, the period and the figures', async () => {
    const res = await download(week);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="analytics-.*\.pdf"/);
    const text = (await pdfText(res.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Conversation analytics');
    expect(text).toContain('Period: 03/03/2025 – 09/03/2025');
    // Each table's cells in reading order: a figure, then its value (as English writes it).
    expect(text).toContain('Figure Value Total conversations 3');
    expect(text).toContain('Chatbot response time (ms) 2,500');
    expect(text).toContain('Satisfaction score (%) 66.7');
    // The weekday × hour grid: hours 00 … 23 across, Monday's 3 questions at 09.
    expect(text).toContain(
      `Weekday ${Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')).join(' ')}`,
    );
    expect(text).toContain(`Monday ${'0 '.repeat(9)}3${' 0'.repeat(14)}`);
  });

  it('when a pdf is asked, then each chosen section carries its chart, drawn as vectors with its labels', async () => {
    // The overview has figures only: no chart, so nothing is drawn but its ruled table — the
    // top rule, the header's band, and under each of the 7 rows a rule and 3 column lines.
    const figures = await download(`${week}&section_numbers=1`);
    expect((await pdfDrawing(figures.bytes)).paths).toBe(1 + 1 + 7 * 4);
    // The heat map: 7 × 24 cells in the blues, with its axis titles (the grid's rows have none).
    const peak = await download(`${week}&section_numbers=2`);
    const heat = await pdfDrawing(peak.bytes);
    expect(heat.paths).toBeGreaterThanOrEqual(7 * 24);
    expect(
      [...heat.fills].filter((c) => /^#[0-9a-f]{2}[4-9a-f][0-9a-f][c-f][0-9a-f]$/.test(c)).length,
    ).toBeGreaterThan(1);
    const heatText = await pdfText(peak.bytes);
    expect(heatText).toContain('Weekday');
    expect(heatText).toContain('Hour');
    // Response time in bars, satisfaction in a pie of its two colours with its legend.
    const rest = await download(`${week}&section_numbers=3,4,5`);
    const drawn = await pdfDrawing(rest.bytes);
    expect([...drawn.fills]).toEqual(expect.arrayContaining(['#3399ff', '#1b9e3e', '#e55353']));
    expect(await pdfText(rest.bytes)).toContain('Rating');
    // The sentiment performance as three coloured lines, with its axis title.
    const lines = await download(`${week}&report=sentiment&section_numbers=1,2`);
    const sentiment = await pdfDrawing(lines.bytes);
    expect([...sentiment.fills]).toEqual(expect.arrayContaining(['#1b9e3e', '#6b7785', '#e55353']));
    expect(await pdfText(lines.bytes)).toContain('Turns');
    expect(sentiment.images).toBe(0);
  });

  it('when a pdf is asked, then its tables have a header row and aligned columns, numbers flush right, mirrored in Arabic', async () => {
    const items = await pdfItems((await download(`${week}&section_numbers=1`)).bytes);
    const find = (text: string) => {
      const found = items.find((i) => i.text === text);
      if (!found) throw new Error(`"${text}" is not in the pdf`);
      return found;
    };
    const labels = ['Figure', 'Total conversations', 'Chatbot response time (ms)', 'Days'];
    const values = ['3', '2,500', '7'];
    // One left edge for the labels, one right edge for the numbers, each on its label's line.
    expect(new Set(labels.map((l) => find(l).left.toFixed(1))).size).toBe(1);
    expect(new Set(values.map((v) => find(v).right.toFixed(1))).size).toBe(1);
    expect(find('2,500').y).toBeCloseTo(find('Chatbot response time (ms)').y, 1);
    expect(find('Value').y).toBeCloseTo(find('Figure').y, 1);
    expect(find('Value').left).toBeGreaterThan(find('Chatbot response time (ms)').right);
    // Right to left: the first column stands at the right, its cells set from the right edge.
    const arabic = await pdfItems(
      (await download(`${week}&section_numbers=1&lng=ar&export_format=pdf`)).bytes,
    );
    const three = arabic.find((i) => i.text === '3');
    const rowOfThree = arabic.filter((i) => three && Math.abs(i.y - three.y) < 1 && i !== three);
    expect(rowOfThree.length).toBeGreaterThan(0);
    for (const label of rowOfThree) expect(label.left).toBeGreaterThan(three?.right ?? Infinity);
  });

  it('when the asker reads German, then the pdf, csv and xlsx speak German', async () => {
    const pdf = (await pdfText((await download(`${week}&lng=de`)).bytes)).replace(/\s+/g, ' ');
    expect(pdf).toContain('Gesprächsanalyse');
    expect(pdf).toContain('Gespräche insgesamt 3');
    expect(pdf).toContain('Kundenzufriedenheit');
    expect(pdf).toContain(`Montag ${'0 '.repeat(9)}3${' 0'.repeat(14)}`);
    expect(pdf).toContain('Wochentag');
    // Without lng, the Accept-Language header decides.
    const csv = await download(
      `${week}&export_format=csv&section_numbers=1`,
      t.admin,
      'de-DE,de;q=0.9,en;q=0.5',
    );
    const rows: string[][] = parse(csv.bytes.toString('utf8'), {
      bom: true,
      relax_column_count: true,
    });
    expect(rows).toContainEqual(['Gespräche insgesamt', '3']);
    expect(rows).toContainEqual(['Kennzahl', 'Wert']);
    const xlsx = await download(`${week}&export_format=xlsx&report=sentiment&lng=de`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Über diesen Bericht',
      'Verlauf',
      'Stimmungsüberblick',
      'Meistgefragte Produkte',
      'KI-Produktvorschläge',
    ]);
    expect(book.getWorksheet('Verlauf')?.getRow(1).values).toEqual([
      undefined,
      'Datum',
      'Positiv',
      'Neutral',
      'Negativ',
    ]);
    // A language the console does not speak falls back to English.
    const other = await pdfText((await download(`${week}&section_numbers=1&lng=ja`)).bytes);
    expect(other).toContain('Total conversations');
  });

  it('when the asker reads Arabic, then the pdf prints the Arabic words', async () => {
    const text = await pdfText((await download(`${week}&report=sentiment&lng=ar`)).bytes);
    const plain = text.normalize('NFKC');
    expect(plain).toMatch(/لوحة المشاعر|رعاشملا ةحول/);
    expect(plain).not.toContain('Sentiment dashboard');
  });

  it('when csv is asked, then it is RFC 4180 with a BOM and parses to the same figures', async () => {
    const res = await download(`${week}&export_format=csv&section_numbers=1,4,5`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    const rows: string[][] = parse(text, { bom: true, relax_column_count: true });
    expect(rows).toContainEqual(['Total conversations', '3']);
    expect(rows).toContainEqual(['Satisfaction score (%)', '66.7']);
    expect(rows.find((r) => r[0] === 'refund')?.[1]).toBe('3');
    expect(rows.some((r) => r[0] === 'Peak hours (UTC)')).toBe(false);
  });

  it('when a filtered report is exported in any format, then the file states its filters at the top, in its language', async () => {
    const filtered = `${week}&report=sentiment&sentiment=negative&products=Harbour Box&date_range=week&department_id=1&section_numbers=2`;
    const rows: string[][] = parse(
      (await download(`${filtered}&export_format=csv`)).bytes.toString('utf8'),
      { bom: true, relax_column_count: true },
    );
    // Title and ISO range, then one row per filter, before the first section.
    expect(rows.slice(0, 8)).toEqual([
      ['Sentiment dashboard', '2025-03-03 – 2025-03-09'],
      ['Period', '03/03/2025 – 09/03/2025'],
      ['Channel', 'All channels'],
      ['Department', 'General'],
      ['Sentiment', 'Negative'],
      ['Products', 'Harbour Box'],
      ['Group by', 'Week'],
      ['Sections', 'Sentiment overview'],
    ]);
    // A blank line, then the one section chosen.
    expect(rows.slice(8, 10)).toEqual([[''], ['Sentiment overview']]);
    const pdf = (await pdfText((await download(`${filtered}&lng=de`)).bytes)).replace(/\s+/g, ' ');
    expect(pdf).toContain('Zeitraum: 03.03.2025 – 09.03.2025');
    expect(pdf).toContain('Stimmung: Negativ');
    expect(pdf).toContain('Gruppieren nach: Woche');
    expect(pdf.indexOf('Abteilung: General')).toBeLessThan(pdf.indexOf('Stimmungsüberblick'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await download(`${week}&export_format=xlsx&lng=fr&channel=assistant`))
        .bytes as unknown as ArrayBuffer,
    );
    const about = book.worksheets[0];
    expect(about?.name).toBe('À propos de ce rapport');
    expect(about?.getRow(2).values).toEqual([undefined, 'Période', '03/03/2025 – 09/03/2025']);
    expect(about?.getRow(3).values).toEqual([undefined, 'Canal', 'Assistant']);
    expect(about?.getRow(4).values).toEqual([undefined, 'Service', 'Tous les services']);
  });

  it('when nothing was rated in the range, then the export says so instead of a 0 % score', async () => {
    const rows: string[][] = parse(
      (
        await download(
          'start_date=2020-01-01&end_date=2020-01-02&export_format=csv&section_numbers=4',
        )
      ).bytes.toString('utf8'),
      { bom: true, relax_column_count: true },
    );
    expect(rows).toContainEqual(['Total responses', '0']);
    expect(rows).toContainEqual(['Satisfaction score (%)', 'No ratings yet']);
  });

  it('when a cell would start a formula, then the csv escapes it', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-3)).toBe('-3');
    expect(csvField('a,b')).toBe('"a,b"');
  });

  it('when xlsx is asked, then each section is a sheet with typed cells and a frozen header', async () => {
    const res = await download(`${week}&export_format=xlsx&report=sentiment`);
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'About this report',
      'Performance',
      'Sentiment overview',
      'Top popular products',
      'Top AI-suggested products',
    ]);
    const performance = book.getWorksheet('Performance');
    expect(performance?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(performance?.getRow(1).values).toEqual([
      undefined,
      'Date',
      'Positive',
      'Neutral',
      'Negative',
    ]);
    const monday = performance?.getRow(2);
    expect(monday?.getCell(1).value).toEqual(new Date('2025-03-03T00:00:00Z'));
    expect(monday?.getCell(3).value).toBe(2);
    expect(monday?.getCell(4).value).toBe(1);
    expect(performance?.rowCount).toBe(8);
  });

  it('when a Reports.VIEW user exports, then 403 — DOWNLOAD is not theirs — while reading works', async () => {
    const viewer = await personWith(t, 1, 'Reports.VIEW');
    expect((await download(week, viewer.token)).status).toBe(403);
    const read = await t.api('GET', `/api/reports/analytics/overview?${week}`, {
      token: viewer.token,
    });
    expect(read.status).toBe(200);
    // SPEC §6 as the menu reads it: with VIEW, never DOWNLOAD, even when the role lists it.
    const both = await personWith(t, 1, 'Reports.VIEW', 'Reports.DOWNLOAD');
    expect((await download(week, both.token)).status).toBe(403);
    const downloader = await personWith(t, 1, 'Reports.LIST_VIEW', 'Reports.DOWNLOAD');
    const csv = await download(`${week}&export_format=csv`, downloader.token);
    expect(csv.status).toBe(200);
    // Their department only: c1 (General) and c3 (widget, General searched).
    expect(csv.bytes.toString('utf8')).toContain('Total conversations,2');
  });

  it('when the format is unknown, then 400', async () => {
    expect((await download(`${week}&export_format=docx`)).status).toBe(400);
  });
});
