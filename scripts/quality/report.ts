/**
 * bench:quality's figures: per database, each half and each language; the e-mail drafts; the
 * targets met or MISSED; and how far the two databases agree on the first cited document.
 * Misses are printed for the tuning half only: the held-out half is only ever seen as figures.
 */
import { LANGUAGES, type Half, type Language } from './types';

/** One question asked over the chat route, and what came back. */
export interface Answered {
  half: Half;
  language: Language;
  query: string;
  /** The labelled source; absent for an unanswerable question. */
  source?: string;
  facts: readonly string[];
  /** The documents cited, in order, by their bench names. */
  cited: string[];
  hasFact: boolean;
  answer: string;
}

/** One customer mail drafted the way the e-mail agent drafts it. */
export interface Drafted {
  half: Half;
  subject: string;
  /** What the mail was turned into before searching. */
  asked: string[];
  /** Per question of the mail: whether the draft holds its fact. */
  held: { source: string; facts: readonly string[]; found: boolean }[];
  draft: string;
}

export interface Run {
  dialect: string;
  answered: Answered[];
  drafted: Drafted[];
  /** One user's end-to-end times over HTTP, ms, sorted. */
  latencies: number[];
}

interface Target {
  label: string;
  figure: string;
  met: boolean;
}

const HALVES: Half[] = ['tuning', 'held-out'];
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)} %` : '-');
const ratio = (n: number, of: number) => `${n}/${of} ${pct(n, of)}`.padEnd(16);
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Counts of a group of answers: right document first, among the first five, fact, declines. */
function tally(answers: Answered[]) {
  const answerable = answers.filter((a) => a.source !== undefined);
  const unanswerable = answers.filter((a) => a.source === undefined);
  return {
    n: answerable.length,
    at1: answerable.filter((a) => a.cited[0] === a.source).length,
    at5: answerable.filter((a) => a.source && a.cited.slice(0, 5).includes(a.source)).length,
    fact: answerable.filter((a) => a.hasFact).length,
    declinedAnswerable: answerable.filter((a) => a.cited.length === 0).length,
    unanswerable: unanswerable.length,
    declined: unanswerable.filter((a) => a.cited.length === 0).length,
  };
}

export function printRun(run: Run) {
  console.log(
    `  ${'half'.padEnd(9)}${'lang'.padEnd(6)}${'right doc first'.padEnd(17)}${'among first 5'.padEnd(17)}${'fact in answer'.padEnd(17)}${'answerable declined'.padEnd(21)}unanswerable declined`,
  );
  for (const half of HALVES) {
    const ofHalf = run.answered.filter((a) => a.half === half);
    if (ofHalf.length === 0) continue;
    const rows: [string, Answered[]][] = [['all', ofHalf]];
    for (const language of LANGUAGES) {
      const ofLanguage = ofHalf.filter((a) => a.language === language);
      if (ofLanguage.length) rows.push([language, ofLanguage]);
    }
    for (const [label, answers] of rows) {
      const t = tally(answers);
      console.log(
        `  ${(label === 'all' ? half : '').padEnd(9)}${label.padEnd(6)}${ratio(t.at1, t.n)} ${ratio(t.at5, t.n)} ${ratio(t.fact, t.n)} ${`${t.declinedAnswerable}/${t.n}`.padEnd(20)} ${t.declined}/${t.unanswerable}`,
      );
    }
  }
  for (const half of HALVES) {
    const mails = run.drafted.filter((d) => d.half === half);
    if (mails.length === 0) continue;
    const held = mails.flatMap((d) => d.held);
    console.log(
      `  e-mail drafts, ${half}: fact in the draft ${ratio(held.filter((h) => h.found).length, held.length).trim()} (${held.length} questions in ${mails.length} mails)`,
    );
  }
  console.log(
    `  one user, end to end over HTTP: p50 ${percentile(run.latencies, 50).toFixed(1)} ms   p95 ${percentile(run.latencies, 95).toFixed(1)} ms`,
  );
}

/** The tuning half's misses, for the engine's developers; the held-out half's stay unseen. */
export function printTuningMisses(run: Run) {
  for (const a of run.answered) {
    if (a.half !== 'tuning') continue;
    const why =
      a.source === undefined
        ? a.cited.length
          ? 'answered'
          : null
        : a.cited[0] !== a.source
          ? 'source'
          : a.hasFact
            ? null
            : 'fact';
    if (!why) continue;
    console.log(
      `  ✗ ${why} [${a.language}]: ${a.query}\n      expected ${a.source ?? '(decline)'}${a.facts.length ? `: "${a.facts.join('" or "')}"` : ''}\n      cited ${a.cited.join(', ') || 'nothing'}\n      answer: ${flat(a.answer).slice(0, 400)}`,
    );
  }
  for (const d of run.drafted) {
    if (d.half !== 'tuning' || d.held.every((h) => h.found)) continue;
    console.log(
      `  ✗ mail "${d.subject}"\n      asked: ${d.asked.map((q) => JSON.stringify(flat(q).slice(0, 200))).join(' | ')}\n      missing: ${d.held
        .filter((h) => !h.found)
        .map((h) => `${h.source}: "${h.facts.join('" or "')}"`)
        .join('; ')}\n      draft: ${flat(d.draft).slice(0, 500)}`,
    );
  }
}

function targetsOf(run: Run): Target[] {
  const targets: Target[] = [];
  const heldOut = tally(run.answered.filter((a) => a.half === 'held-out'));
  if (heldOut.n) {
    targets.push(
      {
        label: 'held-out right document first >= 95 %',
        figure: ratio(heldOut.at1, heldOut.n),
        met: heldOut.at1 >= 0.95 * heldOut.n,
      },
      {
        label: 'held-out fact in the answer >= 90 %',
        figure: ratio(heldOut.fact, heldOut.n),
        met: heldOut.fact >= 0.9 * heldOut.n,
      },
    );
  }
  for (const language of LANGUAGES) {
    const t = tally(run.answered.filter((a) => a.language === language));
    if (t.n)
      targets.push({
        label: `${language}: fact in the answer >= 85 %`,
        figure: ratio(t.fact, t.n),
        met: t.fact >= 0.85 * t.n,
      });
  }
  const all = tally(run.answered);
  if (all.unanswerable)
    targets.push({
      label: 'unanswerable questions all declined',
      figure: `${all.declined}/${all.unanswerable}`,
      met: all.declined === all.unanswerable,
    });
  if (run.latencies.length) {
    const p95 = percentile(run.latencies, 95);
    targets.push({
      label: "one user's p95 < 50 ms",
      figure: `${p95.toFixed(1)} ms`,
      met: p95 < 50,
    });
  }
  const held = run.drafted.flatMap((d) => d.held);
  if (held.length) {
    const found = held.filter((h) => h.found).length;
    targets.push({
      label: 'e-mail drafts: fact in the draft >= 85 %',
      figure: ratio(found, held.length),
      met: found >= 0.85 * held.length,
    });
  }
  return targets;
}

const printTarget = (t: Target) =>
  console.log(`  ${t.label.padEnd(48)}${t.figure.padEnd(20)}${t.met ? 'met' : 'MISSED'}`);

export function printTargets(run: Run) {
  console.log(`\n  targets on ${run.dialect}:`);
  targetsOf(run).forEach(printTarget);
}

/**
 * Questions whose first cited document differs between the two databases: one ranking should
 * give both the same (target at most 1 question in 50).
 */
export function printAgreement(a: Run, b: Run, verbose: boolean) {
  const key = (x: Answered) => `${x.half}\u0000${x.language}\u0000${x.query}`;
  const firstOf = new Map(b.answered.map((x) => [key(x), x.cited[0] ?? '(nothing)']));
  const compared = a.answered.filter((x) => firstOf.has(key(x)));
  const differ = compared.filter((x) => (x.cited[0] ?? '(nothing)') !== firstOf.get(key(x)));
  console.log(`\nAgreement of ${a.dialect} and ${b.dialect}:`);
  printTarget({
    label: 'first cited document differs: at most 1 in 50',
    figure: `${differ.length} of ${compared.length}`,
    met: differ.length * 50 <= compared.length,
  });
  for (const half of HALVES) {
    const n = differ.filter((x) => x.half === half).length;
    console.log(`    ${half}: ${n} of ${compared.filter((x) => x.half === half).length}`);
  }
  if (!verbose) return;
  for (const x of differ.filter((d) => d.half === 'tuning'))
    console.log(
      `  ≠ [${x.language}] ${x.query}\n      ${a.dialect}: ${x.cited[0] ?? '(nothing)'}   ${b.dialect}: ${firstOf.get(key(x))}`,
    );
}
