/**
 * "Agent" is a weak noun in German: after von, dem, den, des, einem, einen it is "Agenten"
 * ("von dem E-Mail-Agenten"), and it is masculine ("der", never "von der E-Mail-Agent").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const dir = join(process.cwd(), 'public', 'locales', 'de');
const load = (ns: string) => JSON.parse(readFileSync(join(dir, `${ns}.json`), 'utf8')) as Tree;
const flat = (tree: Tree, prefix: string): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`),
  );
const german = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => flat(load(f.replace(/\.json$/, '')), `${f.replace(/\.json$/, '')}:`));

describe('the German e-mail agent', () => {
  it('when a history line names the e-mail agent as who acted, then it reads "von dem E-Mail-Agenten"', () => {
    const common = load('common') as { history: { byWhoWhen: string } };
    const agent = load('email-agent').agent as string;
    const line = common.history.byWhoWhen.replace('{{when}}', '1.2.2026').replace('{{who}}', agent);
    expect(line).toBe('1.2.2026 von dem E-Mail-Agenten');
  });

  it('when any German text puts an agent after a preposition or a declined article, then the noun is declined and masculine', () => {
    const kind = '(?:E-Mail-|Service-|Helpdesk-)?';
    const wrong = new RegExp(
      `\\b(?:vom|dem|den|des|einem|einen|eines) ${kind}Agent(?![\\p{L}-])|\\bvon der ${kind}Agent(?:en)?(?![\\p{L}-])`,
      'u',
    );
    expect(german.filter(([, text]) => wrong.test(text)).map(([key]) => key)).toEqual([]);
  });
});
