/**
 * POST /upload/urls (SPEC §5, §7, §8): each address is checked, fetched into storage
 * (robots.txt first, private addresses refused) and stored with its row and job in one
 * transaction; a refused address leaves no file and no row.
 */
import type { UploadUrlsResponse } from '../../../contract/knowledge';
import type { AccessSubject } from '../../../contract/profile';
import { isUniqueViolation, nowIso } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { FetchError, type FetchPolicy, parseHttpUrl } from '../../services/fetch';
import type { Storage } from '../../services/storage';
import type { DocumentsRepo } from './repo';
import { answer, departmentCheck, type UploadAnswer } from './upload-common';
import { fetchToStorage } from './web-fetch';

type UrlItem = UploadUrlsResponse['items'][number];

/** A refusal in English and as a code the console translates. */
const refusal = (status_code: number, error: FetchError): Partial<UrlItem> => ({
  status_code,
  message: error.message,
  code: error.code,
  params: error.params,
});

const duplicate = (url: string): Partial<UrlItem> => ({
  status_code: 409,
  message: `${url} is already in this department.`,
  code: 'duplicate',
  params: { address: url },
});

interface UrlUploadDeps {
  repo: DocumentsRepo;
  storage: Storage;
  fetchPolicy: FetchPolicy;
  wake: () => void;
}

export function createUrlUploadService(deps: UrlUploadDeps) {
  const { repo, storage } = deps;
  const departmentFor = departmentCheck(repo);
  return {
    async uploadUrls(
      user: UserRow,
      subject: AccessSubject,
      body: { urls: string[]; advanced_training: boolean; department: number },
    ): Promise<UploadAnswer<UploadUrlsResponse>> {
      const departmentId = await departmentFor(subject, body.department);
      const items: UploadUrlsResponse['items'] = [];
      const seen = new Set<string>();
      for (const raw of body.urls) {
        const item: UrlItem = {
          url: raw,
          status_code: 201,
          message: '',
          document_id: null,
        };
        items.push(item);
        let url: string;
        try {
          url = parseHttpUrl(raw).href;
        } catch (error) {
          if (!(error instanceof FetchError)) throw error;
          Object.assign(item, refusal(400, error));
          continue;
        }
        if (seen.has(url) || (await repo.findByUrl(departmentId, url))) {
          Object.assign(item, duplicate(url));
          continue;
        }
        seen.add(url);
        let fetched;
        try {
          fetched = await fetchToStorage(url, deps.fetchPolicy, storage);
        } catch (error) {
          if (!(error instanceof FetchError)) throw error;
          // 400 for every refusal or failure: the console shows the message (SPEC §8).
          Object.assign(item, refusal(400, error));
          continue;
        }
        const storagePath = await storage.commit(
          fetched.tempPath,
          fetched.type === 'sitemap' ? 'xml' : 'html',
        );
        try {
          item.document_id = await repo.db.transaction().execute((trx) =>
            repo.insertWithJob(trx, {
              name: url,
              is_url: 1,
              url,
              type: fetched.type,
              size_bytes: fetched.size,
              sha256: null,
              storage_path: storagePath,
              department_id: departmentId,
              uploaded_by: user.id,
              advanced_training: body.advanced_training ? 1 : 0,
              need_summary: 0,
              parent_id: null,
              last_fetched_at: nowIso(),
            }),
          );
          const sitemap = fetched.type === 'sitemap';
          Object.assign(item, {
            message: sitemap ? 'Sitemap added; adding its pages.' : 'Page added; reading it now.',
            code: sitemap ? 'sitemap_added' : 'page_added',
            params: { address: url },
          });
        } catch (error) {
          await storage.remove(storagePath);
          if (!isUniqueViolation(error)) throw error;
          Object.assign(item, duplicate(url));
        }
      }
      deps.wake();
      return answer({ items });
    },
  };
}
