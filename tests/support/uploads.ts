/** Uploading a knowledge document over the API and waiting until it is ready to be cited. */
import { expect } from 'vitest';
import type { RunningServer } from './server';

const READY_TIMEOUT = 60_000;

/** POST /upload/docs (multipart), then GET /upload/uploaded/documents until it is ready. */
export async function uploadReady(
  server: RunningServer,
  token: string,
  file: { name: string; type: string; bytes: Buffer; departmentId?: number },
): Promise<number> {
  const headers = { 'x-api-key': server.apiKey, authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('department_id', String(file.departmentId ?? 1));
  form.append('advanced_training', 'false');
  form.append('need_summary', 'false');
  form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${server.url}/api/upload/docs`, { method: 'POST', headers, body: form });
  const answer = (await res.json()) as { items: { status_code: number; document_id: number }[] };
  expect(answer.items[0].status_code).toBeLessThan(300);
  const id = answer.items[0].document_id;
  const deadline = Date.now() + READY_TIMEOUT;
  while (Date.now() < deadline) {
    const list = await fetch(
      `${server.url}/api/upload/uploaded/documents?page=1&size=100&search=${encodeURIComponent(file.name)}`,
      { headers },
    );
    const page = (await list.json()) as { items: { id: number; status: string; error: string }[] };
    const doc = page.items.find((d) => d.id === id);
    if (doc?.status === 'ready') return id;
    if (doc?.status === 'failed') throw new Error(`${file.name} failed: ${doc.error}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${file.name} not ready in time`);
}
