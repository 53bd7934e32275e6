import { describe, expect, it } from 'vitest';
import { serviceAgentInputSchema } from './service-agent';
import { frameAncestorSources, isAllowedHost } from './widget-hosts';

describe('where a chat widget may run', () => {
  const hosts = ['shop.example', '*.example.com', '127.0.0.2:4173', 'secure.test:443'];

  it('when a page is on a plain allowed host, then only its default port is allowed', () => {
    expect(isAllowedHost(hosts, 'https://shop.example')).toBe(true);
    expect(isAllowedHost(hosts, 'http://shop.example')).toBe(true);
    expect(isAllowedHost(hosts, 'https://SHOP.example:443')).toBe(true);
    expect(isAllowedHost(hosts, 'https://shop.example:8443')).toBe(false);
    expect(isAllowedHost(hosts, 'https://www.shop.example')).toBe(false);
    expect(isAllowedHost(hosts, 'shop.example')).toBe(true);
  });

  it('when an entry names a port, then that port is allowed and no other', () => {
    expect(isAllowedHost(hosts, 'http://127.0.0.2:4173')).toBe(true);
    expect(isAllowedHost(hosts, '127.0.0.2:4173')).toBe(true);
    expect(isAllowedHost(hosts, 'http://127.0.0.2')).toBe(false);
    expect(isAllowedHost(hosts, 'http://127.0.0.2:4174')).toBe(false);
    expect(isAllowedHost(hosts, 'https://secure.test')).toBe(true);
  });

  it('when an entry is a wildcard, then subdomains at any depth match and the name itself does not', () => {
    expect(isAllowedHost(hosts, 'https://a.example.com')).toBe(true);
    expect(isAllowedHost(hosts, 'https://a.b.example.com')).toBe(true);
    expect(isAllowedHost(hosts, 'https://example.com')).toBe(false);
    expect(isAllowedHost(hosts, 'https://badexample.com')).toBe(false);
    expect(isAllowedHost(hosts, 'https://example.com.evil.test')).toBe(false);
  });

  it('when the origin is not a web page of a host, then it is refused', () => {
    for (const origin of ['null', '', 'file:///tmp/x.html', 'javascript:alert(1)', 'https://']) {
      expect(isAllowedHost(hosts, origin), origin).toBe(false);
    }
    expect(isAllowedHost(hosts, 'https://user:pw@shop.example')).toBe(false);
  });

  it('when the frame-ancestors sources are built, then each host comes for http and https', () => {
    expect(frameAncestorSources(['shop.example', '*.example.com', '127.0.0.2:4173'])).toEqual([
      'https://shop.example',
      'http://shop.example',
      'https://*.example.com',
      'http://*.example.com',
      'https://127.0.0.2:4173',
      'http://127.0.0.2:4173',
    ]);
  });

  it('when a widget is validated, then host entries are normalised and bad ones named', () => {
    const ok = serviceAgentInputSchema.parse({
      client_name: 'Help',
      target_areas: [3, 1, 3],
      allowed_hosts: [' Shop.Example ', 'shop.example', '*.Example.com', 'localhost:5173'],
      fg_color: '#ABCDEF',
    });
    expect(ok).toMatchObject({
      target_areas: [1, 3],
      allowed_hosts: ['shop.example', '*.example.com', 'localhost:5173'],
      fg_color: '#abcdef',
      status: true,
      daily_message_quota: 1000,
    });
    for (const bad of [
      'https://shop.example',
      'shop.example/path',
      '*.com',
      '*example.com',
      'shop.example:0',
      'shop.example:65536',
      'shop_example.com',
      '-shop.example',
      'shop..example',
      '*',
    ]) {
      const result = serviceAgentInputSchema.safeParse({
        client_name: 'Help',
        target_areas: [1],
        allowed_hosts: [bad],
      });
      expect(result.success, bad).toBe(false);
    }
  });
});
