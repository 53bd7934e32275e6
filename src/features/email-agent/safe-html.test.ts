import { describe, expect, it } from 'vitest';
import { frameDocument, safeMailHtml } from './safe-html';

const HOSTILE = `<p onclick="steal()">Hi <b>there</b></p>
<script>alert(1)</script>
<img src="x" onerror="alert(2)">
<a href="javascript:alert(3)">click</a>
<img src="https://tracker.example/p.png" alt="pixel">
<div style="background: url(https://tracker.example/bg.png)">styled</div>
<form action="https://evil.example"><input name="pw"></form>
<iframe src="https://evil.example"></iframe>`;

describe('safe mail HTML', () => {
  it('when a mail carries scripts, handlers and javascript links, then none of them is left', () => {
    const { html } = safeMailHtml(HOSTILE, false);
    expect(html).toContain('<b>there</b>');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<form|<input|<iframe/i);
  });

  it('when remote images are not allowed, then they lose their address and are counted', () => {
    const { html, blocked } = safeMailHtml(HOSTILE, false);
    expect(html).not.toContain('tracker.example');
    expect(blocked).toBe(2);
    expect(html).toContain('data-blocked="remote"');
  });

  it('when the reader allows images, then remote ones keep their address', () => {
    const { html, blocked } = safeMailHtml(HOSTILE, true);
    expect(html).toContain('https://tracker.example/p.png');
    expect(blocked).toBe(0);
  });

  it('when links remain, then they open outside the frame without a referrer', () => {
    const { html } = safeMailHtml('<a href="https://example.org/x">x</a>', false);
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('when the frame document is built, then its CSP allows no script and remote images only when allowed', () => {
    expect(frameDocument('<p>x</p>', false, 'ltr')).toContain(
      "default-src 'none'; img-src data: cid:;",
    );
    expect(frameDocument('<p>x</p>', true, 'rtl')).toMatch(
      /img-src data: cid: https: http:;.*dir="rtl"|dir="rtl".*img-src data: cid: https: http:/s,
    );
  });
});
