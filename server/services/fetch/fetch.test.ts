import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSite } from '../../test-support/knowledge';
import { forbiddenRange, parseAllowList } from './address-policy';
import { checkRobots, fetchText, safeFetch } from './index';
import { robotsAllows } from './robots';
import { parseSitemap } from './sitemap';

describe('address policy', () => {
  it.each([
    ['127.0.0.1', 'a loopback'],
    ['169.254.169.254', 'a link-local (cloud metadata)'],
    ['100.64.1.1', 'a carrier-grade NAT'],
    ['192.168.1.10', 'a private'],
    ['::1', 'a loopback'],
    ['::ffff:127.0.0.1', 'a loopback'],
    ['fd12::1', 'a private (unique local)'],
    ['fe80::1', 'a link-local'],
    ['0.0.0.0', 'an unspecified'],
    ['::ffff:7f00:1', 'a loopback'],
    ['::ffff:10.1.2.3', 'a private'],
    ['::127.0.0.1', 'an IPv4-compatible'],
    ['::7f00:1', 'an IPv4-compatible'],
    ['::a9fe:a9fe', 'an IPv4-compatible'],
    ['64:ff9b::7f00:1', 'a loopback'],
    ['64:ff9b::10.1.2.3', 'a private'],
    ['64:ff9b::a9fe:a9fe', 'a link-local (cloud metadata)'],
    ['64:ff9b:1::a00:1', 'a NAT64'],
    ['::ffff:0:7f00:1', 'a loopback'],
    ['::ffff:0:192.168.0.1', 'a private'],
    ['192.88.99.1', 'a reserved (6to4 relay)'],
    ['2001:2::1', 'a reserved'],
    ['3fff::1', 'a documentation'],
    ['5f00::1', 'a reserved (SRv6)'],
    ['1::1', 'a reserved'],
    ['4000::1', 'a reserved'],
    ['2002:7f00:1::1', 'a loopback'],
    ['2002:a9fe:a9fe::', 'a link-local (cloud metadata)'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'a Teredo tunnel'],
  ])('when the address is %s, then it is refused as %s', (address, label) => {
    expect(forbiddenRange(address)).toBe(label);
  });

  it('when the address is public, then it passes', () => {
    expect(forbiddenRange('93.184.216.34')).toBeUndefined();
    expect(forbiddenRange('2606:4700::1111')).toBeUndefined();
    expect(forbiddenRange('2002:5db8:d822::1')).toBeUndefined();
    // A DNS64 network gives an IPv4-only site a NAT64 address: public inside, so allowed.
    expect(forbiddenRange('64:ff9b::5db8:d822')).toBeUndefined();
  });

  it('when URL_FETCH_ALLOW lists hosts, addresses and CIDRs, then exactly those are allowed', () => {
    const allow = parseAllowList(['Intranet.Local', '10.0.0.0/8', '127.0.0.2', 'fd00::/8']);
    expect(allow.hostAllowed('intranet.local')).toBe(true);
    expect(allow.hostAllowed('other.local')).toBe(false);
    expect(allow.addressAllowed('10.9.8.7')).toBe(true);
    expect(allow.addressAllowed('127.0.0.2')).toBe(true);
    expect(allow.addressAllowed('127.0.0.1')).toBe(false);
    expect(allow.addressAllowed('fd00::5')).toBe(true);
  });
});

describe('robots.txt', () => {
  const robots = [
    'User-agent: *',
    'Disallow: /private',
    'Allow: /private/open',
    'Disallow: /*.pdf$',
    '',
    'User-agent: AtriumBot',
    'Disallow: /no-atrium',
  ].join('\n');

  it('when our own group exists, then only its rules apply', () => {
    expect(robotsAllows(robots, '/no-atrium/page')).toBe(false);
    expect(robotsAllows(robots, '/private')).toBe(true);
  });

  it('when only * applies, then the longest match wins, Allow on a tie, with wildcards', () => {
    const star = robots.split('\n\n')[0];
    expect(robotsAllows(star, '/private/x')).toBe(false);
    expect(robotsAllows(star, '/private/open/x')).toBe(true);
    expect(robotsAllows(star, '/files/a.pdf')).toBe(false);
    expect(robotsAllows(star, '/files/a.pdf?x=1')).toBe(true);
    expect(robotsAllows('', '/anything')).toBe(true);
  });
});

describe('sitemaps', () => {
  it('when a urlset lists pages, then their addresses come back decoded and once each', () => {
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://a.test/one?x=1&amp;y=2</loc><image:image><image:loc>https://a.test/i.png</image:loc></image:image></url>
      <url><loc> https://a.test/two </loc></url><url><loc>https://a.test/two</loc></url>
      <url><loc>javascript:alert(1)</loc></url></urlset>`;
    expect(parseSitemap(xml)).toEqual({
      kind: 'urlset',
      locations: ['https://a.test/one?x=1&y=2', 'https://a.test/two'],
    });
  });

  it('when it is a sitemap index, then the nested sitemaps are listed', () => {
    const xml = '<sitemapindex><sitemap><loc>https://a.test/s1.xml</loc></sitemap></sitemapindex>';
    expect(parseSitemap(xml)).toEqual({ kind: 'index', locations: ['https://a.test/s1.xml'] });
    expect(parseSitemap('<html><body>hi</body></html>')).toBeUndefined();
  });
});

describe('safe fetch against a local site', () => {
  let site: Awaited<ReturnType<typeof localSite>>;
  const policy = () => ({ allow: ['127.0.0.1'], timeoutMs: 2000, maxBytes: 1024 });
  beforeAll(async () => {
    site = await localSite('127.0.0.1', {
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /secret' },
      '/page': { body: '<p>hello</p>' },
      '/big': { body: 'x'.repeat(5000) },
      '/hop': { status: 302, location: '/page' },
    });
  });
  afterAll(async () => site?.close());

  it('when the host is allowed, then a page and a relative redirect are fetched', async () => {
    expect((await fetchText(`${site.origin}/page`, policy())).text).toBe('<p>hello</p>');
    const hop = await fetchText(`${site.origin}/hop`, policy());
    expect([hop.url, hop.text]).toEqual([`${site.origin}/page`, '<p>hello</p>']);
  });

  it('when the body is over the cap, then reading it fails as too large', async () => {
    await expect(fetchText(`${site.origin}/big`, policy())).rejects.toMatchObject({
      kind: 'too_large',
      message: `${site.origin}/big is larger than 1 KB.`,
    });
  });

  it('when robots.txt disallows the path, then the fetch is refused', async () => {
    await expect(checkRobots(`${site.origin}/secret/x`, policy())).rejects.toMatchObject({
      kind: 'robots',
      message: `robots.txt of ${site.origin.replace('http://', '')} does not allow fetching /secret/x.`,
    });
    await expect(checkRobots(`${site.origin}/page`, policy())).resolves.toBeUndefined();
  });

  it('when nothing is allowed, then even the local site is refused before connecting', async () => {
    const before = site.hits.length;
    await expect(
      safeFetch(`${site.origin}/page`, { ...policy(), allow: [] }),
    ).rejects.toMatchObject({ kind: 'refused' });
    expect(site.hits.length).toBe(before);
  });

  it('when a name resolves to an internal address, then the refusal does not reveal the address', async () => {
    const refusal = await safeFetch('http://localhost:9/page', { ...policy(), allow: [] }).catch(
      (e: unknown) => e as Error,
    );
    expect(refusal).toMatchObject({ kind: 'refused' });
    expect((refusal as Error).message).toContain('a loopback address');
    expect((refusal as Error).message).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('when the address carries a loopback IPv4 address (translated, NAT64), then it is refused before connecting', async () => {
    const before = site.hits.length;
    for (const host of ['[::ffff:0:7f00:1]', '[64:ff9b::127.0.0.1]', '[::127.0.0.1]'])
      await expect(
        safeFetch(`http://${host}:${new URL(site.origin).port}/page`, { ...policy(), allow: [] }),
        host,
      ).rejects.toMatchObject({ kind: 'refused', message: expect.stringMatching(/address/) });
    expect(site.hits.length).toBe(before);
  });
});
