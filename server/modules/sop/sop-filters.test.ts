import { beforeAll, expect, it } from 'vitest';
import { checklistSchema } from '../../../contract/sop';
import { addClient, sopFile, uploadSop } from '../../test-support/sop';
import { describeApi } from '../../test-support/test-app';

/**
 * Every list filter alone against a seeded set with known answers: the checklists'
 * (SPEC §3) and the SOP documents' (SPEC §7). Nothing else in this file adds records.
 */
describeApi('SOP and checklist list filters', (t) => {
  const sops: Record<'a' | 'b', number> = { a: 0, b: 0 };
  const lists: number[] = [];
  let otherDepartment = 0;

  beforeAll(async () => {
    otherDepartment = (
      await t.api('POST', '/api/departments', {
        token: t.admin,
        body: { name: 'Sop Filters Two', description: '' },
      })
    ).body.id;
    const client = await addClient(t, t.admin, 'Filterco');
    const upload = async (name: string, department: number, product: string) => {
      const res = await uploadSop(
        t,
        t.admin,
        {
          department_id: String(department),
          client_id: String(client),
          industry: 'Retail',
          product_type: product,
        },
        [sopFile(name)],
      );
      if (res.status !== 201) throw new Error(res.raw);
      return res.body.items[0].id as number;
    };
    sops.a = await upload('ocean-export.pdf', 1, 'Textiles');
    sops.b = await upload('inland-moves.pdf', otherDepartment, 'Machinery');
    const seeds = [
      [sops.a, 'Alpha Hamburg', 'sea', 'CN', 'DE', '2026-01-01', '2026-01-10'],
      [sops.a, 'Beta Rotterdam', 'air', 'CN', 'NL', '2026-02-01', '2026-02-05'],
      [sops.b, 'Gamma alpha', 'road', 'DE', 'FR', '2026-03-01', '2026-03-31'],
      [sops.b, 'Delta', 'rail', 'FR', 'DE', '2026-01-05', '2026-02-10'],
    ] as const;
    for (const [sop, name, mode, from, to, start, end] of seeds) {
      const res = await t.api('POST', '/api/sop/checklists', {
        token: t.admin,
        body: {
          sop_doc_id: sop,
          name,
          shipment_mode: mode,
          from_location: from,
          to_location: to,
          start_date: start,
          end_date: end,
        },
      });
      lists.push(checklistSchema.parse(res.body).id);
    }
    const save = async (id: number, items: object[]) =>
      t.api('POST', '/api/sop/save_checklist', {
        token: t.admin,
        body: { checklist_id: id, checklist_data: { items } },
      });
    const beta = checklistSchema.parse(
      (await t.api('GET', `/api/sop/checklists/${lists[1]}`, { token: t.admin })).body,
    );
    await save(
      beta.id,
      beta.items.map((i) => ({ id: i.id, done: true })),
    );
    const gamma = checklistSchema.parse(
      (await t.api('GET', `/api/sop/checklists/${lists[2]}`, { token: t.admin })).body,
    );
    await save(gamma.id, [{ id: gamma.items[0].id, done: true }]);
  });

  const names = async (query: string) => {
    const res = await t.api('GET', `/api/sop/checklists?${query}`, { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.items.length);
    return (res.body.items as { name: string }[]).map((c) => c.name).sort();
  };

  it('when checklists are listed with one filter each, then each gives its known answer', async () => {
    expect(await names('')).toEqual(['Alpha Hamburg', 'Beta Rotterdam', 'Delta', 'Gamma alpha']);
    expect(await names('name=ALPHA')).toEqual(['Alpha Hamburg', 'Gamma alpha']);
    expect(await names('status=complete')).toEqual(['Beta Rotterdam']);
    expect(await names('status=in_progress')).toEqual(['Gamma alpha']);
    expect(await names('status=draft')).toEqual(['Alpha Hamburg', 'Delta']);
    expect(await names('shipment_mode=rail')).toEqual(['Delta']);
    expect(await names('shipment_mode=sea')).toEqual(['Alpha Hamburg']);
    expect(await names('from_location=CN')).toEqual(['Alpha Hamburg', 'Beta Rotterdam']);
    expect(await names('from_location=de')).toEqual(['Gamma alpha']);
    expect(await names('to_location=DE')).toEqual(['Alpha Hamburg', 'Delta']);
    // Dates: checklists whose shipment period reaches into the asked one.
    expect(await names('start_date=2026-02-06')).toEqual(['Delta', 'Gamma alpha']);
    expect(await names('end_date=2026-01-04')).toEqual(['Alpha Hamburg']);
    expect(await names('start_date=2026-02-01&end_date=2026-02-28')).toEqual([
      'Beta Rotterdam',
      'Delta',
    ]);
    expect(await names(`sop_doc_id=${sops.a}`)).toEqual(['Alpha Hamburg', 'Beta Rotterdam']);
    expect(await names(`sop_doc_id=${sops.b}`)).toEqual(['Delta', 'Gamma alpha']);
    expect(await names(`checklist_id=${lists[3]}`)).toEqual(['Delta']);
    expect(await names('name=nowhere')).toEqual([]);
    const paged = await t.api('GET', '/api/sop/checklists?size=3&page=2', { token: t.admin });
    expect(paged.body).toMatchObject({ total: 4, page: 2, size: 3 });
    expect(paged.body.items).toHaveLength(1);
  });

  it('when SOP documents are listed with one filter each, then each gives its known answer', async () => {
    const docs = async (query: string) => {
      const res = await t.api('GET', `/api/sop/documents?${query}`, { token: t.admin });
      expect(res.status).toBe(200);
      return (res.body.items as { name: string }[]).map((d) => d.name).sort();
    };
    expect(await docs('')).toEqual(['inland-moves.pdf', 'ocean-export.pdf']);
    expect(await docs('name=OCEAN')).toEqual(['ocean-export.pdf']);
    expect(await docs(`department_id=${otherDepartment}`)).toEqual(['inland-moves.pdf']);
    expect(await docs('department_id=1')).toEqual(['ocean-export.pdf']);
    expect(await docs('product_type=Machinery')).toEqual(['inland-moves.pdf']);
    expect(await docs('product_type=Textiles')).toEqual(['ocean-export.pdf']);
    expect(await docs(`document_id=${sops.b}`)).toEqual(['inland-moves.pdf']);
    expect(await docs('name=nothing-like-it')).toEqual([]);
  });
});
