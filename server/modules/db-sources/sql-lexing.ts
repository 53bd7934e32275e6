/**
 * Where the literals and comments of SQL text lie, read the way a database server reads them.
 * node-sql-parser and the servers do not always agree: MySQL runs `/*! … *\/` that the parser
 * skips as a comment, and the parser reads a backslash before a quote as an escape in dialects
 * whose servers do not (so `'a\' , f() --'` is one string to it, a call to f to SQLite). The
 * guard uses this outline to refuse executable comments and to refuse a text whose literals end
 * in different places depending on how a backslash is read.
 */
import type { DbSourceType } from '../../../contract/db-sources';

interface SqlComment {
  /** The comment's opening: `/*!`, `/*M!`, `/*+`, `/*`, `--` or `#`. */
  kind: string;
  index: number;
}

interface SqlOutline {
  /** The text with every literal and quoted name replaced by one placeholder character. */
  code: string;
  comments: SqlComment[];
}

interface Rules {
  /** Quote characters and the character that closes each. */
  quotes: Record<string, string>;
  /** `#` starts a comment (MySQL). */
  hash: boolean;
  /** `--` starts a comment only when a blank or the end follows (MySQL). */
  dashNeedsBlank: boolean;
  /** Block comments nest (PostgreSQL, SQL Server). */
  nested: boolean;
  /** `$tag$ … $tag$` strings (PostgreSQL). */
  dollar: boolean;
}

const RULES: Record<DbSourceType, Rules> = {
  mysql: {
    quotes: { "'": "'", '"': '"', '`': '`' },
    hash: true,
    dashNeedsBlank: true,
    nested: false,
    dollar: false,
  },
  postgres: {
    quotes: { "'": "'", '"': '"' },
    hash: false,
    dashNeedsBlank: false,
    nested: true,
    dollar: true,
  },
  sqlite: {
    quotes: { "'": "'", '"': '"', '`': '`', '[': ']' },
    hash: false,
    dashNeedsBlank: false,
    nested: false,
    dollar: false,
  },
  mssql: {
    quotes: { "'": "'", '"': '"', '[': ']' },
    hash: false,
    dashNeedsBlank: false,
    nested: true,
    dollar: false,
  },
};

const PLACEHOLDER = '\u0001';
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/** The end (exclusive) of a quoted literal opening at `start`. */
function quotedEnd(text: string, start: number, close: string, backslash: boolean): number {
  const escapes = backslash && close !== '`' && close !== ']';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (escapes && c === '\\') i += 2;
    else if (c === close && text[i + 1] === close) i += 2;
    else if (c === close) return i + 1;
    else i += 1;
  }
  return text.length;
}

function blockEnd(text: string, start: number, nested: boolean): number {
  let depth = 1;
  let i = start + 2;
  while (i < text.length) {
    if (nested && text.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (text.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return text.length;
}

function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end === -1 ? text.length : end;
}

function blockKind(text: string, start: number): string {
  const after = text.slice(start + 2, start + 4);
  if (after.startsWith('!')) return '/*!';
  if (/^M!/i.test(after)) return '/*M!';
  if (after.startsWith('+')) return '/*+';
  return '/*';
}

/**
 * The outline of `text` as `type`'s server reads it, a backslash in a quoted literal escaping
 * the next character or not (`backslash`).
 */
function outline(text: string, type: DbSourceType, backslash: boolean): SqlOutline {
  const rules = RULES[type];
  const comments: SqlComment[] = [];
  let code = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const close = rules.quotes[c];
    const dollar = rules.dollar && c === '$' && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '');
    const tag = dollar ? DOLLAR_TAG.exec(text.slice(i)) : null;
    if (close) {
      i = quotedEnd(text, i, close, backslash);
      code += PLACEHOLDER;
    } else if (tag) {
      const end = text.indexOf(tag[0], i + tag[0].length);
      i = end === -1 ? text.length : end + tag[0].length;
      code += PLACEHOLDER;
    } else if (text.startsWith('/*', i)) {
      comments.push({ kind: blockKind(text, i), index: i });
      i = blockEnd(text, i, rules.nested);
      code += ' ';
    } else if (
      text.startsWith('--', i) &&
      (!rules.dashNeedsBlank || i + 2 >= text.length || /\s/.test(text[i + 2]))
    ) {
      comments.push({ kind: '--', index: i });
      i = lineEnd(text, i);
    } else if (rules.hash && c === '#') {
      comments.push({ kind: '#', index: i });
      i = lineEnd(text, i);
    } else {
      code += c;
      i += 1;
    }
  }
  return { code, comments };
}

/** MySQL and MariaDB run these comments' contents: executable comments and optimizer hints. */
const EXECUTABLE = new Set(['/*!', '/*M!', '/*+']);

/** The first executable comment of MySQL text, however a backslash is read. */
export function executableComment(text: string): SqlComment | undefined {
  for (const backslash of [true, false]) {
    const found = outline(text, 'mysql', backslash).comments.find((c) => EXECUTABLE.has(c.kind));
    if (found) return found;
  }
  return undefined;
}

/**
 * Why the server could read `text` otherwise than the parser did, or undefined: a comment is
 * left in it, or its literals end in other places when a backslash escapes than when it does
 * not. MySQL sessions run with backslash escapes on (the driver sets sql_mode), as the parser
 * reads them, so there only the first reading counts.
 */
export function ambiguity(text: string, type: DbSourceType): string | undefined {
  const escaped = outline(text, type, true);
  if (escaped.comments.length) return 'A comment is left in the text that would run.';
  if (type === 'mysql') return undefined;
  const plain = outline(text, type, false);
  if (plain.comments.length || plain.code !== escaped.code)
    return 'A backslash before a quote makes the text read differently on the server.';
  return undefined;
}
