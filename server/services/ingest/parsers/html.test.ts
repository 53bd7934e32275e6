import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { extractHtml } from './html';

const dir = mkdtempSync(join(tmpdir(), 'atrium-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function read(html: string) {
  const path = join(dir, `page-${(n += 1)}.html`);
  writeFileSync(path, html);
  const doc = await extractHtml(path);
  return { doc, text: doc.sections.map((s) => s.text).join('\n') };
}

/** A texinfo node as makeinfo writes it: a navigation bar, a heading, definitions. */
const texinfoPage = (definitions: number) => `<!DOCTYPE html><html><head>
<title>Simple Example (libfoo manual)</title>
<style>@media screen { .x { color: red </style></head><body lang="en">
<div class="section" id="Simple-Example"><div class="header"><p>
Next: <a href="Types.html" rel="next">Types</a>, Previous: <a href="Basics.html" rel="prev">The Basics</a>, Up: <a href="Using.html" rel="up">Using libfoo</a> &nbsp; [<a href="Index.html">Index</a>]</p></div><hr>
<h3 class="section">2.2 Simple Example</h3>
<p>Here is a trivial example that calls <code>puts</code> a few times.</p>
${Array.from(
  { length: definitions },
  (_, i) =>
    `<dl class="def"><dt id="f${i}"><span class="category">Function: </span><strong>int</strong> <em>foo_call_${i} (int <var>x</var>)</em><a href="#f${i}" class="copiable-anchor"> &para;</a></dt><dd><p>Calls number ${i} with <var>x</var>; returns <code>FOO_OK_${i}</code> on success.</p></dd></dl>`,
).join('\n')}
</div></body></html>`;

describe('web page text', () => {
  it('when a texinfo node is read, then the navigation bar is gone and the title, heading and every definition are kept', async () => {
    const { doc, text } = await read(texinfoPage(11));
    expect(text).not.toMatch(/Next:|Previous:|Up:/);
    expect(doc.title).toBe('Simple Example (libfoo manual)');
    expect(doc.sections.at(-1)?.position.heading).toBe('2.2 Simple Example');
    for (let i = 0; i < 11; i += 1) {
      expect(text).toContain(`foo_call_${i} (int x)`);
      expect(text).toContain(`returns FOO_OK_${i} on success.`);
    }
  });

  it('when items carry permalink or commit markers (§, ¶), then the text holds no stray symbols', async () => {
    const { text } =
      await read(`<html><head><meta charset="utf-8"><title>Release 15</title></head><body><main>
<h2>Changes</h2>
<ul><li><p>Improve performance of dumping databases with many objects (Tom Lane) <a class="ulink" href="https://postgr.es/c/b073c3ccd">§</a> <a class="ulink" href="https://postgr.es/c/39969e2a1">§</a></p></li>
<li><p>Add the <code>--no-table-access-method</code> option <a href="#opt" class="anchor">¶</a> to pg_dump.</p></li></ul>
</main></body></html>`);
    expect(text).toContain('Improve performance of dumping databases with many objects (Tom Lane)');
    expect(text).toContain('Add the --no-table-access-method option to pg_dump.');
    expect(text).not.toMatch(/[§¶]/);
  });

  it('when an API reference page (gtk-doc) defines eleven functions, then all eleven are kept, not only the synopsis', async () => {
    const names = Array.from({ length: 11 }, (_, i) => `xsltFunction${i}`);
    const { text } =
      await read(`<html><head><title>functions: the XSLT functions</title></head><body>
<table class="navigation"><tr><td><a href="index.html">Home</a></td><td><a href="prev.html">Prev</a></td><td><a href="next.html">Next</a></td></tr></table>
<div class="refsynopsisdiv"><h2>Synopsis</h2><pre class="synopsis">${names.map((f) => `void ${f} (xmlXPathParserContextPtr ctxt, int nargs);`).join('\n')}</pre></div>
<div class="refsect1"><h2>Details</h2>${names
        .map(
          (f, i) =>
            `<div class="refsect2"><h3><a name="${f}"/>${f} ()</h3><pre class="programlisting">void ${f} (<a href="t.html">xmlXPathParserContextPtr</a> ctxt, int nargs)</pre><p>Implement XSLT function number ${i} of the set.</p><div class="variablelist"><table><tr><td>ctxt:</td><td>the XPath Parser context</td></tr></table></div></div><hr/>`,
        )
        .join('\n')}</div></body></html>`);
    for (let i = 0; i < 11; i += 1)
      expect(text).toContain(`Implement XSLT function number ${i} of the set.`);
    expect(text).not.toMatch(/Home|Prev/);
  });

  it('when a reference page keeps text bare between blocks, then that text is kept in order', async () => {
    const { text } = await read(`<html><head><title>functions</title></head><body>
<div class="refsect2"><h3><a name="xsltKey"/>xsltKeyFunction ()</h3><pre>void xsltKeyFunction (ctxt, nargs)</pre>
Implement the key() XSLT function node-set key(string, object)
<div><table><tr><td>ctxt:</td><td>the XPath Parser context</td></tr></table></div></div></body></html>`);
    expect(text.split('\n')).toEqual([
      'void xsltKeyFunction (ctxt, nargs)',
      'Implement the key() XSLT function node-set key(string, object)',
      'ctxt: the XPath Parser context',
    ]);
  });

  it('when a page defines terms in a list, then each term opens the line of its definition', async () => {
    const { text } = await read(`<html><head><title>TRUNCATE</title></head><body>
<dl><dt><span class="term"><code>RESTART IDENTITY</code></span></dt>
<dd><p>Automatically restart sequences owned by columns of the truncated table(s).</p></dd>
<dt><code>CONTINUE IDENTITY</code></dt><dd><p>Do not change the values of sequences.</p><p>This is the default.</p></dd></dl>
</body></html>`);
    expect(text.split('\n')).toEqual([
      'RESTART IDENTITY Automatically restart sequences owned by columns of the truncated table(s).',
      'CONTINUE IDENTITY Do not change the values of sequences. This is the default.',
    ]);
  });

  it('when a page has a table with a header row, then each row is one line naming its values', async () => {
    const { text } = await read(`<html><head><title>8.1. Numeric Types</title></head><body>
<table><thead><tr><th>Name</th><th>Storage Size</th><th>Range</th></tr></thead>
<tbody><tr><td><code>smallint</code></td><td>2 bytes</td><td>-32768 to +32767</td></tr>
<tr><td><code>integer</code></td><td>4 bytes</td><td>-2147483648 to +2147483647</td></tr></tbody></table>
<p>The type integer is the common choice.</p></body></html>`);
    expect(text.split('\n')).toEqual([
      'Name: smallint; Storage Size: 2 bytes; Range: -32768 to +32767',
      'Name: integer; Storage Size: 4 bytes; Range: -2147483648 to +2147483647',
      'The type integer is the common choice.',
    ]);
  });

  it('when the page has text before its first heading, then that text stands under the page title', async () => {
    const { doc } = await read(
      '<html><head><title>Release notes</title></head><body><p>Version 3.0 is out.</p><h2>Fixes</h2><p>Many.</p></body></html>',
    );
    expect(doc.sections.map((s) => [s.position.heading, s.text])).toEqual([
      ['Release notes', 'Version 3.0 is out.'],
      ['Fixes', 'Many.'],
    ]);
  });

  it('when a page has a stylesheet jsdom cannot parse, then nothing is printed on the console', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await read(texinfoPage(1));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
