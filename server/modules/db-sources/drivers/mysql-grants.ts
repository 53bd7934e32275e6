/**
 * The rights of a MySQL / MariaDB source's account, read from SHOW GRANTS. A source reads, so
 * its account may hold SELECT, SHOW VIEW, SHOW DATABASES and USAGE (no right at all) and nothing
 * else: FILE reads and writes the server's files, EXECUTE runs routines that may write, every
 * other right changes data, schema, accounts or the server. Anything not on that list is named
 * for the operator to revoke, so a right added in a later server version is refused, not missed.
 */
import type mysql from 'mysql2/promise';

const READING = new Set(['USAGE', 'SELECT', 'SHOW VIEW', 'SHOW DATABASES']);

/** Splits `a, b (x, y), c` at the commas outside parentheses and quotes. */
function topLevelList(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '`' || c === "'" || c === '"') quote = c;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ',' && depth === 0) {
      items.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  if (current.trim()) items.push(current.trim());
  return items;
}

/** The index of ` ${word} ` outside quotes and parentheses, or -1. */
function keywordAt(text: string, word: string): number {
  let depth = 0;
  let quote = '';
  const needle = ` ${word} `;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '`' || c === "'" || c === '"') quote = c;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (depth === 0 && text.slice(i, i + needle.length).toUpperCase() === needle) return i;
  }
  return -1;
}

interface GrantReading {
  /** Rights beyond reading, upper case (FILE, ALL PRIVILEGES, GRANT OPTION, …). */
  refused: Set<string>;
  /** Roles granted to the account, whose own rights must be read too. */
  roles: string[];
}

/** Reads one line of SHOW GRANTS into `into`. */
function readGrantLine(line: string, into: GrantReading): void {
  const text = line.trim();
  if (!/^GRANT\s/i.test(text)) return; // SET DEFAULT ROLE, REVOKE (partial revokes only take)
  const body = text.slice(6);
  const on = keywordAt(body, 'ON');
  const to = keywordAt(body, 'TO');
  if (on === -1 || (to !== -1 && to < on)) {
    // GRANT role[, role] TO user [WITH ADMIN OPTION]
    into.roles.push(...topLevelList(to === -1 ? body : body.slice(0, to)));
    if (/\bWITH\s+ADMIN\s+OPTION\b/i.test(body)) into.refused.add('ADMIN OPTION');
    return;
  }
  for (const item of topLevelList(body.slice(0, on))) {
    const privilege = item
      .replace(/\(.*\)$/s, '')
      .trim()
      .replace(/\s+/g, ' ')
      .toUpperCase();
    if (!READING.has(privilege)) into.refused.add(privilege);
  }
  if (/\bWITH\b[\s\S]*\bGRANT\s+OPTION\b/i.test(body.slice(to))) into.refused.add('GRANT OPTION');
}

async function grantLines(connection: mysql.Connection, sql: string): Promise<string[]> {
  const [rows] = await connection.query<mysql.RowDataPacket[]>(sql);
  return rows.map((row) => String(Object.values(row)[0] ?? ''));
}

/**
 * The rights the account should lose, sorted; empty when it may only read. Roles granted to
 * it are read too (MariaDB's SHOW GRANTS shows only the active one's); a role whose rights cannot
 * be read is named itself.
 */
export async function rightsBeyondReading(connection: mysql.Connection): Promise<string[]> {
  const reading: GrantReading = { refused: new Set(), roles: [] };
  for (const line of await grantLines(connection, 'SHOW GRANTS')) readGrantLine(line, reading);
  const seen = new Set<string>();
  while (reading.roles.length > 0 && seen.size < 20) {
    const role = reading.roles.shift() as string;
    if (seen.has(role)) continue;
    seen.add(role);
    const lines = await grantLines(connection, `SHOW GRANTS FOR ${role}`).catch(() =>
      // MySQL 8 shows a granted role's rights to its holder only through USING.
      grantLines(connection, `SHOW GRANTS FOR CURRENT_USER() USING ${role}`).catch(() => null),
    );
    if (lines === null) reading.refused.add(`ROLE ${role}`);
    else for (const line of lines) readGrantLine(line, reading);
  }
  return [...reading.refused].sort();
}
