import { describe, expect, it } from 'vitest';
import { extractiveDraft, MIN_COVERAGE } from './builtin-engine';
import { citedNumbers, composeDrafts, supportOf } from './compose';
import { queryTerms } from './query-terms';
import { type Passage, proximityOf } from './retrieval';
import { weighByCorpus } from './weighing';
import { standaloneQuestion } from './rewrite';
import { splitQuestion } from './split';
import { contentTerms, sentences, stem } from '../../../services/text/terms';

function passage(documentId: number, text: string, coverage = 1): Passage {
  return {
    chunkId: documentId * 10,
    documentId,
    documentName: `doc-${documentId}.pdf`,
    documentTitle: null,
    isUrl: false,
    type: 'pdf',
    language: 'en',
    text,
    position: { page: 1, sheet: null, row_start: null, row_end: null, heading: null },
    indexScore: 1,
    coverage,
    score: 1,
  };
}

/** Question terms weighed as retrieval weighs them in a corpus of 17,000 passages. */
function weighed(question: string, df: Record<string, number>) {
  const base = queryTerms(question, false);
  // Counts are given per word as written; the index counts terms.
  const counts = new Map(Object.entries(df).map(([word, n]) => [stem(word), n]));
  const w = weighByCorpus(base, { total: 17_000, avgLength: 120, df: counts });
  return { ...base, ...w, weights: new Map(w.weights) };
}

const X200 = 'What is the warranty period of the X200 printer?';

describe('follow-ups made standalone (v2 heuristic)', () => {
  it('when a follow-up names only another product, then the previous question is asked about it', () => {
    expect(standaloneQuestion('And for the X300?', X200)).toBe(
      'What is the warranty period of the X300 printer?',
    );
  });

  it('when a follow-up says "it", then the pronoun becomes what the previous question was about', () => {
    expect(standaloneQuestion('How much does it weigh?', X200)).toBe(
      'How much does the X200 printer weigh?',
    );
    expect(standaloneQuestion('How long is its warranty?', 'What does the X200 weigh?')).toBe(
      "How long is the X200's warranty?",
    );
  });

  it('when a follow-up only names an attribute, then the previous subject is carried', () => {
    expect(standaloneQuestion('What about the price?', X200)).toBe(
      'What about the price of the X200 printer?',
    );
  });

  it('when a question stands on its own or there is no previous one, then it is kept', () => {
    expect(standaloneQuestion('Where is the Berlin office located?', X200)).toBe(
      'Where is the Berlin office located?',
    );
    expect(standaloneQuestion('And for the X300?', null)).toBe('And for the X300?');
  });
});

describe('compound questions split into parts (v3)', () => {
  it('when two questions are joined by "and", then they become two parts', () => {
    expect(
      splitQuestion(
        'What is the warranty period of the X200 printer and how much does the X300 printer weigh?',
      ),
    ).toEqual([
      'What is the warranty period of the X200 printer?',
      'How much does the X300 printer weigh?',
    ]);
  });

  it('when parts are separated by ?, ; or "also", then each is a part and pronouns resolve to the part before', () => {
    expect(
      splitQuestion('Who leads project Falcon? Also, what is its budget; when does it start'),
    ).toEqual([
      'Who leads project Falcon?',
      "What is the Falcon's budget?",
      'When does the Falcon budget start?',
    ]);
  });

  it('when "and" joins two names rather than two questions, then nothing is split', () => {
    expect(splitQuestion('Compare the warranty of the X200 and the X300')).toEqual([
      'Compare the warranty of the X200 and the X300',
    ]);
  });
});

describe('the extractive engine', () => {
  it('when the fact is split over two sentences, then both are quoted', () => {
    const q = queryTerms('What is the budget of project Falcon-7?', false);
    const draft = extractiveDraft(q, [
      passage(
        1,
        'Project Falcon-7 is run from Berlin. Its budget is 2 million euros. Lunch is at noon.',
      ),
    ]);
    expect(draft.noAnswer).toBe(false);
    expect(draft.sentences.map((s) => s.text)).toEqual([
      'Project Falcon-7 is run from Berlin.',
      'Its budget is 2 million euros.',
    ]);
  });

  it('when the best sentence leaves part of the question to the sentence after it, then both are quoted', () => {
    const q = weighed('What is the default priority of an installed package in Kestrel?', {
      default: 900,
      priority: 60,
      installed: 700,
      package: 2000,
      kestrel: 20,
    });
    const draft = extractiveDraft(q, [
      passage(
        1,
        'Kestrel defines several default priorities for packages. Every installed version has priority 100. The office closes at six.',
      ),
    ]);
    expect(draft.sentences.map((s) => s.text)).toEqual([
      'Kestrel defines several default priorities for packages.',
      'Every installed version has priority 100.',
    ]);
  });

  it('when a French question asks "quand", then the sentence giving the condition answers', () => {
    const q = queryTerms('Quand le service Kestrel redémarre-t-il tout seul ?', false, {
      prior: 'fr',
    });
    expect(q.language).toBe('fr');
    expect(q.asksWhen).toBe(true);
    const draft = extractiveDraft(q, [
      {
        ...passage(
          1,
          'Le service Kestrel redémarre tout seul sur le serveur principal. Le service Kestrel redémarre tout seul lorsque sa configuration change.',
        ),
        language: 'fr',
      },
    ]);
    expect(draft.sentences.map((s) => s.text)).toEqual([
      'Le service Kestrel redémarre tout seul lorsque sa configuration change.',
    ]);
  });

  it('when an Arabic question writes a verb with another prefix than the text, then the sentence still answers', () => {
    const q = queryTerms('أين يُخزَّن جدول المهام الخاص بكل مستخدم؟', false, { prior: 'ar' });
    expect(q.language).toBe('ar');
    const draft = extractiveDraft(q, [
      {
        ...passage(
          1,
          'يستطيع المدير تعديل المهام من لوحة التحكم. تخزن جداول المهام الخاصة لكل مستخدم في المجلد /var/spool/tasks.',
        ),
        language: 'ar',
      },
    ]);
    expect(draft.noAnswer).toBe(false);
    expect(draft.sentences.map((s) => s.text)).toContain(
      'تخزن جداول المهام الخاصة لكل مستخدم في المجلد /var/spool/tasks.',
    );
  });

  it('when a manual chunk does not repeat the rare name its section is about, then its document naming it is enough', () => {
    const q = weighed('Are the global hit counts of Kestrelgrind useful?', {
      global: 200,
      hit: 60,
      counts: 700,
      kestrelgrind: 30,
      useful: 2000,
    });
    expect(q.required).toContain(stem('Kestrelgrind'));
    const section = {
      ...passage(1, 'First of all, the global hit counts are not that useful on their own.'),
      indexTerms: new Set(contentTerms('First of all, the global hit counts are not that useful.')),
    };
    const intro = {
      ...passage(1, 'Kestrelgrind is a cache profiler that counts hits and misses per line.', 0.6),
      chunkId: 11,
      indexTerms: new Set(contentTerms('Kestrelgrind is a cache profiler that counts hits.')),
    };
    expect(extractiveDraft(q, [section]).noAnswer).toBe(true);
    const draft = extractiveDraft(q, [section, intro]);
    expect(draft.sentences[0]?.text).toBe(
      'First of all, the global hit counts are not that useful on their own.',
    );
  });

  it('when the question names something another document holds, then that does not count', () => {
    const q = weighed('How do I reset my Kestrel password?', {
      reset: 300,
      kestrel: 20,
      password: 400,
    });
    const other = {
      ...passage(2, 'Kestrel is a parcel scanner used in the warehouse.'),
      indexTerms: new Set(contentTerms('Kestrel is a parcel scanner used in the warehouse.')),
    };
    const draft = extractiveDraft(q, [
      {
        ...passage(1, 'To reset the password of a database role, use ALTER ROLE.'),
        indexTerms: new Set(contentTerms('To reset the password of a database role.')),
      },
      other,
    ]);
    expect(draft.sentences.map((s) => s.text)).not.toContain(
      'To reset the password of a database role, use ALTER ROLE.',
    );
  });

  it('when the best sentence announces a list, then the list it announces is quoted with it', () => {
    const q = weighed('What does the kestrel.conf file contain?', {
      kestrel: 12,
      conf: 300,
      file: 2000,
      contain: 900,
    });
    const draft = extractiveDraft(q, [
      passage(
        1,
        'The kestrel.conf file contains the following fields: the scanner name; the parcel retention in days; the nightly cleanup hour. Other settings live elsewhere.',
      ),
    ]);
    expect(draft.sentences.map((s) => s.text).join(' ')).toContain('the parcel retention in days');
  });

  it('when a plain word of the question is in almost no passage, then it weighs no more than a rare word, unlike a name', () => {
    const q = weighed('Which Kestrel release suits a beginner?', {
      kestrel: 1,
      suits: 1,
      release: 800,
      beginner: 40,
    });
    const weight = (word: string) => q.weights.get(stem(word)) ?? 0;
    expect(weight('suits')).toBeLessThan(weight('Kestrel'));
    expect(weight('suits')).toBeGreaterThan(weight('release'));
  });

  it('when a later sentence names the subject as "the project", then it answers what is asked', () => {
    const base = queryTerms('Who supplies project Falcon-7?', false);
    // As retrieval weighs it in a corpus where every passage is about some project and the
    // index holds "supplier" but not "supplies".
    const weighed = weighByCorpus(base, {
      total: 6000,
      avgLength: 120,
      df: new Map([
        ['project', 6000],
        ['falcon', 2],
        ['7', 300],
        ['falcon_7', 2],
      ]),
    });
    const q = { ...base, ...weighed, weights: new Map(weighed.weights) };
    const draft = extractiveDraft(q, [
      passage(1, 'Project Falcon-7 is run by the sales team in Oslo. Meetings are on Mondays.'),
      passage(
        1,
        'The approved budget of project Falcon-7 is 2 million euros. ' +
          'The main supplier of the project is Northwind.',
      ),
    ]);
    expect(draft.sentences.map((s) => s.text).join(' ')).toContain('supplier of the project');
  });

  it('when someone asks who is "in charge", then the sentence naming the lead answers', () => {
    const draft = extractiveDraft(queryTerms('Who is in charge of project Falcon-7?', false), [
      passage(
        1,
        'Project Falcon-7 is run by the sales team in Oslo. The project lead is Anna Berg.',
      ),
    ]);
    expect(draft.sentences.map((s) => s.text)).toContain('The project lead is Anna Berg.');
  });

  it('when a sentence says what the asked-about tool is, then it is quoted first', () => {
    const q = weighed('What does the Lackey tool do?', { lackey: 5, tool: 900 });
    const draft = extractiveDraft(q, [
      passage(
        1,
        'Lackey: an example tool To use this tool, you must specify --tool=lackey on the ' +
          'command line. 11.1. Overview Lackey is a simple Valgrind tool that does various ' +
          'kinds of basic program measurement.',
      ),
    ]);
    expect(draft.sentences[0].text).toContain('basic program measurement');
  });

  it('when the document title names a question word, then its sentences need not repeat it', () => {
    const q = weighed('What does the clear command do in gnuplot?', {
      clear: 40,
      command: 2000,
      gnuplot: 300,
    });
    const manual = { ...passage(2, ''), label: 'gnuplot pdf Clear' };
    const draft = extractiveDraft(q, [
      passage(1, 'To clear a gnuplot plot, press the clear button of the window.'),
      { ...manual, text: 'The clear command erases the current screen or output device.' },
    ]);
    expect(draft.sentences[0].text).toBe(
      'The clear command erases the current screen or output device.',
    );
  });

  it('when the question names an option, then its reference entry answers before a mention', () => {
    const q = weighed('What does --trace-children do?', { trace: 400, children: 300 });
    const draft = extractiveDraft(q, [
      passage(1, 'To trace child processes, use the --trace-children=yes option.'),
      passage(
        2,
        '--trace-children=<yes|no> [default: no] When enabled, Valgrind will trace into ' +
          'sub-processes initiated via the exec system call.',
      ),
    ]);
    expect(draft.sentences[0].text).toContain('trace into sub-processes');
  });

  it('when a document writes only the acronym of the asked words, then it still answers', () => {
    const q = weighed('When does long-term support for Debian 12 end?', {
      long: 900,
      term: 700,
      support: 2000,
      debian: 20,
      '12': 400,
      end: 1500,
      lts: 30,
    });
    const draft = extractiveDraft(q, [
      passage(1, 'version: 12; codename: Bookworm; distribution: Debian; eol-lts: 2028-06-30'),
    ]);
    expect(draft.noAnswer).toBe(false);
    expect(q.alternatives.get('support')).toContain('lts');
    expect(queryTerms('When is the end of life of Debian 9?', false).acronyms.get('eol')).toEqual([
      stem('end'),
      stem('life'),
    ]);
  });

  it('when a question asks "how large", then a sentence giving the size answers', () => {
    const q = weighed('How large are transaction IDs in PostgreSQL?', {
      large: 600,
      transaction: 1500,
      ids: 500,
      postgresql: 3000,
    });
    const draft = extractiveDraft(q, [
      passage(
        1,
        'Transaction IDs have limited size (32 bits), so a cluster wraps around after about ' +
          'four billion transactions.',
      ),
    ]);
    expect(draft.noAnswer).toBe(false);
  });

  it('when a question asks "when", then the sentence giving the condition is quoted too', () => {
    const q = weighed('When does the archiver compress or move a record?', {
      archiver: 20,
      compress: 300,
      move: 400,
      record: 900,
    });
    const draft = extractiveDraft(q, [
      passage(
        1,
        'The archiver is triggered only when a record is wider than 2 kB. ' +
          'The archiver will compress and move record fields until the record is shorter. ' +
          'Archived fields are kept in a side table.',
      ),
    ]);
    expect(draft.sentences.map((s) => s.text)).toContain(
      'The archiver is triggered only when a record is wider than 2 kB.',
    );
  });

  it('when entries of other names follow the asked one, then their defaults are not its default', () => {
    const q = weighed('What is the default value of max_widgets?', {
      default: 900,
      value: 1500,
      max_widgets: 10,
    });
    const draft = extractiveDraft(q, [
      {
        // the chunk after "max_widgets (integer) …", read as its continuation
        ...passage(
          1,
          'At most max_widgets widgets can ever be active at once. Whenever the number of ' +
            'active widgets is at least max_widgets minus reserved_widgets, new widgets are ' +
            'refused. The default value is three widgets.',
        ),
        continues: ['max_widgets'],
      },
      passage(
        2,
        'max_widgets (integer) Determines the maximum number of widgets on the board. ' +
          'The default is typically 100 widgets, but might be less on small boards.',
      ),
    ]);
    const said = draft.sentences.map((s) => s.text).join(' ');
    expect(said).toContain('The default is typically 100 widgets');
    expect(said).not.toContain('three widgets');
  });

  it('when a question calls a name a "program", then the passage about the name need not', () => {
    const q = weighed('What does the asn1Parser program generate?', {
      asn1parser: 5,
      program: 1100,
      generate: 1400,
    });
    const draft = extractiveDraft(q, [
      passage(1, 'asn1Parser reads a file with ASN.1 definitions and generates a C array.'),
    ]);
    expect(draft.sentences.map((s) => s.text)).toEqual([
      'asn1Parser reads a file with ASN.1 definitions and generates a C array.',
    ]);
  });

  it('when a chart of a sheet is asked for, then the sheet answers though it never says "chart"', () => {
    const q = weighed('Show a bar chart of revenue by region', { revenue: 1, region: 1 });
    const draft = extractiveDraft(q, [passage(1, 'region: North; revenue: 420 region: South')]);
    expect(draft.noAnswer).toBe(false);
  });

  it('when the question names something no document mentions, then it is declined', () => {
    const q = weighed('What is the maximum file size allowed on FAT32?', {
      maximum: 300,
      file: 2000,
      size: 900,
      allowed: 500,
    });
    const draft = extractiveDraft(q, [
      passage(1, 'The maximum size allowed for a segment file is 1 GB by default.'),
    ]);
    expect(draft.noAnswer).toBe(true);
  });

  it('when no passage covers half of the question, then it answers nothing', () => {
    const q = queryTerms('What is the warranty of the X300?', false);
    const covered = 0.25;
    expect(covered).toBeLessThan(MIN_COVERAGE);
    expect(
      extractiveDraft(q, [passage(1, 'The X200 has a warranty of 24 months.', covered)]).noAnswer,
    ).toBe(true);
  });

  it('when two documents answer equally, then both are cited in order with [n]', () => {
    const q = queryTerms('How much does it weigh?', false);
    const passages = [
      passage(1, 'The X200 printer weighs 8 kg.'),
      passage(2, 'The X300 printer weighs 12 kg.'),
    ];
    const composed = composeDrafts(
      [{ title: null, draft: extractiveDraft(q, passages) }],
      passages,
      'none',
    );
    expect(composed.text).toBe(
      'The X200 printer weighs 8 kg [1]. The X300 printer weighs 12 kg [2].',
    );
    expect(composed.references.map((r) => [r.n, r.document_id])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(supportOf(composed.text, composed.references, passages, composed.numbers)).toBe(1);
  });

  it('when a quoted sentence is long, then the reference shows it whole, not its first half', () => {
    const long =
      'The X200 printer weighs 8 kg, ships with a duplex unit, a 250-sheet tray and a USB cable, ' +
      'and its warranty of 24 months covers parts and labour at any authorised service point in ' +
      'the European Union, Norway and Switzerland, provided that the printer was registered within ' +
      'thirty days of purchase.';
    const passages = [passage(1, long)];
    const composed = composeDrafts(
      [{ title: null, draft: { noAnswer: false, sentences: [{ text: long, passage: 0 }] } }],
      passages,
      'none',
    );
    expect(long.length).toBeGreaterThan(280);
    expect(composed.references[0].snippet).toBe(long);
  });

  it('when an answer says things the cited passage does not, then support drops', () => {
    const passages = [passage(1, 'The X200 printer weighs 8 kg.')];
    const composed = composeDrafts(
      [
        {
          title: null,
          draft: {
            noAnswer: false,
            sentences: [{ text: 'The X200 printer weighs 8 kg.', passage: 0 }],
          },
        },
      ],
      passages,
      'none',
    );
    const invented = `${composed.text} Its toner lasts forever according to engineers [1].`;
    expect(supportOf(invented, composed.references, passages, composed.numbers)).toBe(0.5);
  });
});

describe('text tools', () => {
  it('when words differ only in form, then they stem alike', () => {
    expect(stem('priced')).toBe(stem('price'));
    expect(stem('refunds')).toBe(stem('refund'));
    expect(stem('shipped')).toBe(stem('ship'));
    expect(stem('X200')).toBe('x200');
  });

  it('when a text has abbreviations and line breaks, then sentences split only at real ends', () => {
    expect(sentences('It costs 3.5 EUR, e.g. cheap. Dr. Lee agreed!\nRow: a | b')).toEqual([
      'It costs 3.5 EUR, e.g. cheap.',
      'Dr. Lee agreed!',
      'Row: a | b',
    ]);
  });

  it('when a question asks "how do I make X do Y", then "make" is neither a term nor searched', () => {
    const q = queryTerms('How do I make pg_dump dump tables in parallel?', false);
    expect(q.terms).not.toContain(stem('make'));
    expect(q.groups.map((g) => g.term)).not.toContain(stem('make'));
    expect(q.terms).toEqual(expect.arrayContaining(['pg_dump', 'dump', 'parallel']));
    // Elsewhere "make" is a word like any other ("What does make do with a Makefile?").
    expect(queryTerms('Which targets does make build first?', false).terms).toContain(stem('make'));
  });

  it('when matched words stand together, then proximity is higher than when they are apart', () => {
    const q = queryTerms('warranty period', false);
    expect(proximityOf(q, contentTerms('warranty period'))).toBe(1);
    expect(proximityOf(q, contentTerms('warranty runs for the whole listed period'))).toBe(0.4);
  });

  it('when a model cites [2], [1, 3] and [1][2], then the numbers come out in first-use order', () => {
    expect(citedNumbers('A [2]. B [1, 3]. C [1][2].')).toEqual([2, 1, 3]);
  });
});
