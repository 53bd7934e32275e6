/**
 * What the SOP screens send or read as files (issue 15): uploads with progress, a stored SOP
 * or reference shown as pdf in a new tab (at a page), and checklist exports saved to disk. Each
 * call needs the Bearer token, so files come as blobs through lib/http.
 */
import { sopRoutes, type ChecklistData, type ExportType } from '@contract/sop';
import type { HttpClient } from '@/lib/http';
import { checklistService } from './checklist-service';
import { sopPath } from './sop-api';

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The SOP (or a reference file) as pdf in a new tab, opened at `page` when given. */
export async function openPdf(
  http: HttpClient,
  ref: { documentId: number; page?: number | null; version?: number } | { referenceId: number },
): Promise<void> {
  // Opened before the call, so the browser counts it as the click's own window.
  const tab = window.open('', '_blank');
  const path =
    'referenceId' in ref
      ? sopPath(sopRoutes.reference, { id: ref.referenceId })
      : sopPath(sopRoutes.document, { id: ref.documentId });
  const query = 'documentId' in ref && ref.version ? { version: ref.version } : undefined;
  let blob: Blob;
  try {
    blob = await http.request<Blob>(path, { responseType: 'blob', query });
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  const at = 'documentId' in ref && ref.page ? `#page=${ref.page}` : '';
  if (tab) tab.location.href = `${url}${at}`;
  else window.location.assign(`${url}${at}`);
}

export async function exportChecklist(
  http: HttpClient,
  id: number,
  type: ExportType,
  language: string,
  data?: ChecklistData,
): Promise<void> {
  const client = await checklistService(http);
  const blob = await client.request<Blob>(sopRoutes.exportChecklist, {
    method: 'POST',
    query: { lng: language },
    body: { checklist_id: id, export_type: type, ...(data ? { checklist_data: data } : {}) },
    responseType: 'blob',
  });
  saveBlob(blob, `checklist-${id}.${type}`);
}

/** POST /sop/documents or PUT …/update/{id}: fields first, then files, with progress. */
export function sendFiles<T>(
  http: HttpClient,
  path: string,
  fields: Record<string, string>,
  files: { field: string; file: File }[],
  onProgress: (percent: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { field, file } of files) form.append(field, file, file.name);
  return http.upload<T>(path, form, { method, onProgress });
}
