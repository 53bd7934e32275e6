import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeExpandingDocx } from '../../test-support/knowledge-fixtures';
import { uploadFiles, waitForDocument } from '../../test-support/knowledge';
import { startTestApp, TEST_ADMIN, testDatabases, type TestApp } from '../../test-support/test-app';

/**
 * Security finding: a 3 MB docx that unpacks to 191 MB passed the zip caps and pushed the server
 * to 2.5 GB. Uploaded through the API it must end `failed` with a reason while the server's RSS
 * (this process: the API and its extraction threads) stays under 600 MB.
 */
describe.each(testDatabases)('a docx zip bomb uploaded on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let bomb: Buffer;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    dir = mkdtempSync(join(tmpdir(), 'atrium-bomb-'));
    await writeExpandingDocx(join(dir, 'bomb.docx'), 190);
    bomb = readFileSync(join(dir, 'bomb.docx'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when it is uploaded, then it ends failed saying why and the server RSS stays under 600 MB', async () => {
    const admin = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    let peak = process.memoryUsage.rss();
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    try {
      const res = await uploadFiles(t, admin, [
        {
          name: 'quarterly-report.docx',
          content: bomb,
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        },
      ]);
      expect(res.status).toBe(200);
      const doc = await waitForDocument(t, admin, res.body.items[0].document_id as number);
      expect(doc.status).toBe('failed');
      expect(JSON.stringify(doc)).toMatch(/zip bomb/);
    } finally {
      clearInterval(sampler);
    }
    expect(peak / (1024 * 1024)).toBeLessThan(600);
    expect((await t.api('GET', '/api/health')).status).toBe(200);
  });
});
