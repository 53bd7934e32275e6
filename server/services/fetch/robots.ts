/**
 * A small robots.txt reader (RFC 9309): the group for our user agent, else `*`; the longest
 * matching Allow/Disallow wins, Allow on a tie; `*` and a closing `$` as wildcards.
 */
const USER_AGENT_TOKEN = 'atriumbot';

interface Rule {
  allow: boolean;
  pattern: string;
}

function parseGroups(text: string): Map<string, Rule[]> {
  const groups = new Map<string, Rule[]>();
  let agents: string[] = [];
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const key = match[1].toLowerCase();
    const value = match[2].trim();
    if (key === 'user-agent') {
      if (!lastWasAgent) agents = [];
      agents.push(value.toLowerCase());
      for (const agent of agents) if (!groups.has(agent)) groups.set(agent, []);
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if ((key === 'allow' || key === 'disallow') && agents.length > 0) {
      // An empty Disallow allows everything: it adds no rule.
      if (value === '') continue;
      for (const agent of agents)
        groups.get(agent)?.push({ allow: key === 'allow', pattern: value });
    }
  }
  return groups;
}

function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const regex = body
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${regex}${anchored ? '$' : ''}`).test(path);
}

/** Whether `pathAndQuery` ('/a/b?c') may be fetched according to the robots.txt text. */
export function robotsAllows(robotsText: string, pathAndQuery: string): boolean {
  const groups = parseGroups(robotsText);
  const ownGroup = [...groups.keys()].find(
    (agent) => agent !== '*' && USER_AGENT_TOKEN.includes(agent),
  );
  const rules = groups.get(ownGroup ?? '*') ?? [];
  let best: Rule | undefined;
  for (const rule of rules) {
    if (!matches(rule.pattern, pathAndQuery)) continue;
    if (
      !best ||
      rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.allow)
    )
      best = rule;
  }
  return best ? best.allow : true;
}
