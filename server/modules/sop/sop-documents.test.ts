import { existsSync, rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import { sopDocumentPageSchema } from '../../../contract/sop';
import { personWith } from '../../test-support/identity';
import { storedFiles } from '../../test-support/knowledge';
import { addClient, createSop, sopFile, uploadSop } from '../../test-support/sop';
import { describeApi } from '../../test-support/test-app';
import { buildDocx } from '../../test-support/fixtures/docx-writer';

/** SOP documents (SPEC §3, §4, §7 SOP): upload, lookups, list, references, archive. */
describeApi('SOP documents', (t) => {
  const fields = (clientId: number, extra: Record<string, string> = {}) => ({
    department_id: '1',
    client_id: String(clientId),
    industry: 'Retail',
    product_type: 'Textiles',
    ...extra,
  });
  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('sop_documents')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('when a pdf and a docx SOP are uploaded with a reference, then both are listed with pages, requirements and the reference', async () => {
    const client = await addClient(t, t.admin, 'Globex');
    const docx = buildDocx([
      { heading: 'Road Transport' },
      { paragraph: 'The driver must carry the CMR note.' },
    ]);
    const res = await uploadSop(t, t.admin, fields(client), [
      sopFile('sea-sop.pdf'),
      { name: 'road-sop.docx', content: docx, type: 'application/octet-stream' },
      {
        name: 'rates.pdf',
        content: sopFile().content,
        type: 'application/pdf',
        field: 'reference_files',
      },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[0]).toMatchObject({
      name: 'sea-sop.pdf',
      page_count: 4,
      requirement_count: 10,
      client_name: 'Globex',
      industry: 'Retail',
    });
    expect(res.body.items[1]).toMatchObject({ name: 'road-sop.docx', requirement_count: 1 });
    expect(res.body.items[0].references.map((r: { name: string }) => r.name)).toEqual([
      'rates.pdf',
    ]);
    const list = sopDocumentPageSchema.parse(
      (await t.api('GET', '/api/sop/documents?client_name=globex', { token: t.admin })).body,
    );
    expect(list).toMatchObject({ page: 1, size: 100, total: 2 });
    const view = await t.api('GET', `/api/sop/documents/${res.body.items[1].id}`, {
      token: t.admin,
    });
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.raw.startsWith('%PDF-')).toBe(true);
    const ref = await t.api(
      'GET',
      `/api/sop/documents/references/${res.body.items[0].references[0].id}`,
      { token: t.admin },
    );
    expect(ref.raw.startsWith('%PDF-')).toBe(true);
  });

  it('when a wrong type, 16 files, or no department or client is sent, then a clear error comes and nothing is stored', async () => {
    const client = await addClient(t, t.admin);
    const before = await count();
    const filesBefore = storedFiles(t).length;
    const png = await uploadSop(t, t.admin, fields(client), [
      sopFile(),
      {
        name: 'x.png',
        content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
        type: 'image/png',
      },
    ]);
    expect(png.status).toBe(415);
    expect(png.body.message).toMatch(/pdf or docx/);
    const fake = await uploadSop(t, t.admin, fields(client), [
      { name: 'fake.pdf', content: 'not a pdf at all', type: 'application/pdf' },
    ]);
    expect(fake.status).toBe(415);
    const many = await uploadSop(
      t,
      t.admin,
      fields(client),
      Array.from({ length: 16 }, (_, i) => sopFile(`s${i}.pdf`)),
    );
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/At most 15 files/);
    const noDepartment = await uploadSop(
      t,
      t.admin,
      { client_id: String(client), industry: 'Retail', product_type: 'Textiles' },
      [sopFile()],
    );
    expect(noDepartment.status).toBe(400);
    expect(noDepartment.body.fields.map((f: { path: string }) => f.path)).toContain(
      'department_id',
    );
    const noClient = await uploadSop(t, t.admin, fields(999999), [sopFile()]);
    expect(noClient.status).toBe(400);
    expect(noClient.body.message).toMatch(/client does not exist/);
    const none = await uploadSop(t, t.admin, fields(client), []);
    expect(none.body.message).toBe('No files selected for upload');
    expect(await count()).toBe(before);
    expect(storedFiles(t).length).toBe(filesBefore);
  });

  it('when lookups are asked, then countries come localised and a client is added once', async () => {
    const de = await t.api('GET', '/api/sop/countries?lng=de', { token: t.admin });
    expect(de.body.items).toHaveLength(249);
    expect(de.body.items).toContainEqual({ code: 'DE', name: 'Deutschland' });
    const first = await t.api('POST', '/api/sop/clients/Initech', { token: t.admin });
    expect(first.status).toBe(201);
    const again = await t.api('POST', '/api/sop/clients/initech', { token: t.admin });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await t.api('POST', '/api/sop/clients/R2%3CD2', { token: t.admin })).status).toBe(400);
    const clients = await t.api('GET', '/api/sop/clients', { token: t.admin });
    expect(clients.body.items.filter((c: { name: string }) => c.name === 'Initech')).toHaveLength(
      1,
    );
    const products = await t.api('GET', '/api/sop/products', { token: t.admin });
    expect(products.body.items).toContain('Textiles');
    expect((await t.api('GET', '/api/sop/industries', { token: t.admin })).body.items).toContain(
      'Retail',
    );
  });

  it('when a file is replaced and references change, then the history keeps the old version and removed files are gone', async () => {
    const doc = await createSop(t, t.admin, [
      {
        name: 'ref.pdf',
        content: sopFile().content,
        type: 'application/pdf',
        field: 'reference_files',
      },
    ]);
    const replaced = await uploadSop(
      t,
      t.admin,
      {},
      [sopFile('export-sop-v2.pdf')],
      `/api/sop/documents/update/${doc.id}`,
      'PUT',
    );
    expect(replaced.status).toBe(200);
    expect(
      replaced.body.versions.map((v: { version: number; name: string }) => [v.version, v.name]),
    ).toEqual([
      [2, 'export-sop-v2.pdf'],
      [1, 'export-sop.pdf'],
    ]);
    const old = await t.api('GET', `/api/sop/documents/${doc.id}?version=1`, { token: t.admin });
    expect(old.status).toBe(200);
    const added = await uploadSop(
      t,
      t.admin,
      { document_id: String(doc.id) },
      [{ ...sopFile('more.pdf'), field: 'reference_files' }],
      '/api/sop/documents/reference',
    );
    expect(added.status).toBe(201);
    expect(added.body.references).toHaveLength(2);
    const refPath = (
      await t.database.db
        .selectFrom('sop_files')
        .select('storage_path')
        .where('id', '=', doc.references[0].id)
        .executeTakeFirstOrThrow()
    ).storage_path;
    const removed = await t.api('DELETE', '/api/sop/documents/references', {
      token: t.admin,
      body: { reference_ids: [doc.references[0].id] },
    });
    expect(removed.status).toBe(200);
    expect(existsSync(`${t.config.storageDir}/${refPath}`)).toBe(false);
  });

  it('when the stored file of an SOP has gone missing, then viewing it answers 404 saying so, not a server error', async () => {
    const client = await addClient(t, t.admin, 'Initech');
    const res = await uploadSop(t, t.admin, fields(client), [sopFile('lost-sop.pdf')]);
    expect(res.status).toBe(201);
    const id = res.body.items[0].id as number;
    const stored = await t.database.db
      .selectFrom('sop_files')
      .select('storage_path')
      .where('document_id', '=', id)
      .execute();
    for (const f of stored) rmSync(`${t.config.storageDir}/${f.storage_path}`);
    const view = await t.api('GET', `/api/sop/documents/${id}`, { token: t.admin });
    expect(view.status).toBe(404);
    expect(view.body).toMatchObject({
      code: 'NOT_FOUND',
      message: 'The file of this SOP is missing.',
    });
  });

  it('when an SOP is archived, unarchived and deleted, then only an archived one goes and its files with it', async () => {
    const doc = await createSop(t, t.admin);
    const noComment = await t.api('PUT', `/api/sop/archived/documents/${doc.id}`, {
      token: t.admin,
      body: {},
    });
    expect(noComment.status).toBe(400);
    const early = await t.api('DELETE', '/api/sop/archived', {
      token: t.admin,
      body: { document_ids: [doc.id] },
    });
    expect(early.status).toBe(409);
    const archived = await t.api('PUT', `/api/sop/archived/documents/${doc.id}`, {
      token: t.admin,
      body: { comments: 'Superseded by v3' },
    });
    expect(archived.status).toBe(200);
    const list = await t.api('GET', '/api/sop/archived/documents', { token: t.admin });
    expect(list.body.items.find((d: { id: number }) => d.id === doc.id)).toMatchObject({
      archived: true,
      archive_comment: 'Superseded by v3',
    });
    const active = await t.api('GET', `/api/sop/documents?document_id=${doc.id}`, {
      token: t.admin,
    });
    expect(active.body.total).toBe(0);
    expect(
      (await t.api('PUT', `/api/sop/archived/documents/unarchive/${doc.id}`, { token: t.admin }))
        .body.archived,
    ).toBe(false);
    const bulk = await t.api('DELETE', '/api/sop/documents', {
      token: t.admin,
      body: { document_ids: [doc.id], comments: 'Old' },
    });
    expect(bulk.status).toBe(200);
    const paths = (
      await t.database.db
        .selectFrom('sop_files')
        .select('storage_path')
        .where('document_id', '=', doc.id)
        .execute()
    ).map((r) => `${t.config.storageDir}/${r.storage_path}`);
    expect(paths.every((p) => existsSync(p))).toBe(true);
    const gone = await t.api('DELETE', '/api/sop/archived', {
      token: t.admin,
      body: { document_ids: [doc.id] },
    });
    expect(gone.status).toBe(200);
    expect(paths.some((p) => existsSync(p))).toBe(false);
    expect((await t.api('GET', `/api/sop/documents/${doc.id}`, { token: t.admin })).status).toBe(
      404,
    );
  });

  it('when staff hold Sop rights in one department, then they see and change only that one, and need each right', async () => {
    const doc = await createSop(t, t.admin);
    const outsider = await personWith(
      t,
      (
        await t.api('POST', '/api/departments', {
          token: t.admin,
          body: { name: 'Sop Outpost', description: '' },
        })
      ).body.id,
      'Sop.LIST_VIEW',
      'Sop.ADD',
      'Sop.DELETE',
    );
    expect(
      (await t.api('GET', `/api/sop/documents?document_id=${doc.id}`, { token: outsider.token }))
        .body.total,
    ).toBe(0);
    expect(
      (await t.api('GET', `/api/sop/documents/${doc.id}`, { token: outsider.token })).status,
    ).toBe(404);
    const reader = await personWith(t, 1, 'Sop.LIST_VIEW');
    expect(
      (await t.api('GET', `/api/sop/documents?document_id=${doc.id}`, { token: reader.token })).body
        .total,
    ).toBe(1);
    const archive = await t.api('PUT', `/api/sop/archived/documents/${doc.id}`, {
      token: reader.token,
      body: { comments: 'x' },
    });
    expect(archive.status).toBe(403);
    const none = await personWith(t, 1, 'Documents.LIST_VIEW');
    expect((await t.api('GET', '/api/sop/documents', { token: none.token })).status).toBe(403);
  });
});
