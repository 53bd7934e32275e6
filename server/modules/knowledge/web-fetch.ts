/** Fetches a web address into storage (robots.txt first), deciding page or sitemap by content. */
import {
  checkRobots,
  FetchError,
  type FetchPolicy,
  parseHttpUrl,
  safeFetch,
} from '../../services/fetch';
import { looksLikeSitemap } from '../../services/fetch/sitemap';
import type { Storage } from '../../services/storage';

interface FetchedPage {
  tempPath: string;
  size: number;
  sha256: string;
  finalUrl: string;
  type: 'html' | 'sitemap';
}

const READABLE =
  /^(text\/html|application\/xhtml\+xml|application\/xml|text\/xml|text\/plain|application\/rss\+xml)\b/;

export async function fetchToStorage(
  target: string,
  policy: FetchPolicy,
  storage: Storage,
): Promise<FetchedPage> {
  parseHttpUrl(target);
  await checkRobots(target, policy);
  const response = await safeFetch(target, policy);
  const contentType = response.contentType.split(';')[0].trim();
  if (contentType && !READABLE.test(contentType)) {
    response.abort();
    throw new FetchError(
      `${response.url} is not a web page or sitemap (it is ${contentType}).`,
      'failed',
      'not_a_page',
      { address: response.url, type: contentType },
    );
  }
  const written = await storage.write(response.body, { maxBytes: policy.maxBytes });
  if (written.refused) {
    await storage.discard(written.tempPath);
    throw new FetchError(
      `${response.url} is larger than the fetch limit.`,
      'too_large',
      'too_large',
      { address: response.url, size: `${Math.round(policy.maxBytes / 1024)} KB` },
    );
  }
  if (written.size === 0) {
    await storage.discard(written.tempPath);
    throw new FetchError(`${response.url} answered with an empty page.`, 'failed', 'empty_page', {
      address: response.url,
    });
  }
  const xml = /xml/.test(contentType) && !/xhtml/.test(contentType);
  const head = written.head.toString('utf8');
  return {
    tempPath: written.tempPath,
    size: written.size,
    sha256: written.sha256,
    finalUrl: response.url,
    type:
      looksLikeSitemap(head) || (xml && /<(urlset|sitemapindex)/i.test(head)) ? 'sitemap' : 'html',
  };
}
