import { describe, expect, it } from 'vitest';
import { resetLink, trustedOrigin, verifyLink } from './links';

describe('links in mails', () => {
  const publicUrl = 'https://console.example.com';

  it('when verify_page_link is PUBLIC_URL or a configured console origin, then its origin is used', () => {
    expect(trustedOrigin({ publicUrl, verifyPageLink: 'https://console.example.com/signup' })).toBe(
      publicUrl,
    );
    expect(
      trustedOrigin({
        publicUrl,
        consoleOrigins: ['http://localhost:5173'],
        verifyPageLink: 'http://localhost:5173/signup',
      }),
    ).toBe('http://localhost:5173');
  });

  it('when verify_page_link is another site, malformed or not http, then PUBLIC_URL is used', () => {
    for (const verifyPageLink of [
      'https://evil.example.com',
      'https://console.example.com.evil.io',
      'javascript:alert(1)',
      '//evil.example.com',
      'not a url',
      undefined,
    ])
      expect(
        trustedOrigin({ publicUrl, consoleOrigins: ['http://localhost:8080'], verifyPageLink }),
      ).toBe(publicUrl);
  });

  it('when links are built, then they point to the SPA pages with the token encoded', () => {
    expect(verifyLink(publicUrl, 'a+b')).toBe('https://console.example.com/verify?token=a%2Bb');
    expect(resetLink(publicUrl, 'xyz')).toBe(
      'https://console.example.com/reset-password?token=xyz',
    );
  });
});
