/**
 * The tuning half's English questions of bench:quality, written against the corpus of corpus.ts.
 *
 * Each answerable question names the document that answers it and `fact`: words of the one
 * sentence (or sheet row) that answers it, copied as the document has them; the answer must
 * quote them. Where the same document answers the question fully in a second place too (the
 * quick start's "20 to 30 times" beside the tool chapter's "10-50 times"), `fact` lists both
 * and either counts; a sentence that only touches the subject is never listed. The questions are worded the way an administrator would ask, not copied from the
 * sentence. The unanswerable ones are near the corpus's subjects (ports, releases, passwords,
 * file sizes) but the corpus does not answer them; the assistant must say it found nothing.
 */
import type { Question } from './types';

const valgrind = 'valgrind_manual.pdf';
const gnuplot = 'gnuplot.pdf';
const bash = 'bashref.pdf';
const nettle = 'nettle.pdf';
const bzip2 = 'bzip2-manual.pdf';

export const QUESTIONS: Question[] = [
  // PDF manuals
  {
    query: 'How much slower does a program run under Memcheck?',
    source: valgrind,
    fact: ['10-50 times slower', 'run much slower (eg. 20 to 30 times) than normal'],
  },
  {
    query: 'What kind of errors does Helgrind detect?',
    source: valgrind,
    fact: 'detecting synchronisation errors in C, C++ and Fortran programs',
  },
  {
    query: 'How big is the queue of freed blocks in Memcheck by default?',
    source: valgrind,
    fact: '20000000',
  },
  {
    query: 'What does the --trace-children option do?',
    source: valgrind,
    fact: 'trace into sub-processes initiated via the exec system call',
  },
  {
    query: 'What is Cachegrind?',
    source: valgrind,
    fact: 'a cache and branch-prediction profiler',
  },
  {
    query: 'What does Callgrind record?',
    source: valgrind,
    fact: 'records the call history among functions',
  },
  {
    query: 'How can I make Valgrind exit with a different code when it reports errors?',
    source: valgrind,
    fact: 'Specifies an alternative exit code to return if Valgrind reported any errors',
  },
  {
    query: 'What does the Lackey tool do?',
    source: valgrind,
    fact: 'does various kinds of basic program measurement',
  },
  {
    query: 'What is Nulgrind useful for?',
    source: valgrind,
    fact: 'does no analysis or instrumentation',
  },
  {
    query: 'What is the default base of log scaling in gnuplot?',
    source: gnuplot,
    fact: 'default is base 10',
  },
  {
    query: 'How do I read a data file that uses semicolons between fields in gnuplot?',
    source: gnuplot,
    fact: 'set datafile separator ";"',
  },
  {
    query: 'What does replot do without arguments?',
    source: gnuplot,
    fact: 'repeats the last plot or splot command',
  },
  {
    query: 'What does the clear command do in gnuplot?',
    source: gnuplot,
    fact: 'erases the current screen or output device',
  },
  {
    query: 'Can the filledcurves style be used in 3D plots?',
    source: gnuplot,
    fact: 'only used for 2D plotting',
  },
  {
    query: 'What does HISTSIZE control?',
    source: bash,
    fact: 'The maximum number of commands to remember on the history list',
  },
  {
    query: 'Which variable holds the exit statuses of the last pipeline?',
    source: bash,
    fact: 'exit status values from the processes in the most-recently-executed foreground pipeline',
  },
  {
    query: 'What is the return status of a pipeline when pipefail is enabled?',
    source: bash,
    fact: 'the value of the last (rightmost) command to exit with a non-zero status',
  },
  {
    query: 'What does the globstar shell option do?',
    source: bash,
    fact: 'match all files and zero or more directories and subdirectories',
  },
  {
    query: 'What happens when Bash is started as rbash?',
    source: bash,
    fact: 'enters a restricted mode',
  },
  {
    query: 'What block size does ARCTWO use?',
    source: nettle,
    fact: 'ARCTWO uses a block size of 64 bits',
  },
  {
    query: 'What is the key size of DES3?',
    source: nettle,
    fact: 'DES3 has a key size of 168 bits',
  },
  { query: 'Which header file defines SHA3-224 in Nettle?', source: nettle, fact: 'nettle/sha3.h' },
  {
    query: 'Who designed the Salsa20 stream cipher?',
    source: nettle,
    fact: 'designed by D. J. Bernstein',
  },
  {
    query: 'What does the asn1Parser program generate?',
    source: 'libtasn1.pdf',
    fact: [
      'generate a C array that is used with libtasn1 functions',
      'generates a file with an array to use with libtasn1 functions',
    ],
  },
  {
    query: 'What does asn1_der_coding return when the encoding succeeds?',
    source: 'libtasn1.pdf',
    fact: 'ASN1_SUCCESS if DER encoding OK',
  },
  {
    query: 'How much memory does bunzip2 need for files compressed with the default block size?',
    source: bzip2,
    fact: 'about 3700 kbytes',
  },
  {
    query: 'What block size does the -s flag select when compressing with bzip2?',
    source: bzip2,
    fact: 'selects a block size of 200k',
  },
  { query: 'What is bzip2recover for?', source: bzip2, fact: 'search for blocks in .bz2 files' },
  {
    query: 'Which environment variable overrides the default fontconfig configuration file?',
    source: 'fontconfig-user.pdf',
    fact: 'FONTCONFIG_FILE is used to override the default configuration file',
  },
  {
    query: 'How do I get detailed debugging messages from fontconfig?',
    source: 'fontconfig-user.pdf',
    fact: 'FC_DEBUG is used to output the detailed debugging messages',
  },
  {
    query: 'Are MIME type globs matched case-sensitively?',
    source: 'shared-mime-info-spec.pdf',
    fact: 'Applications MUST match globs case-insensitively',
  },
  {
    query: 'Which MIME type are all text types subclasses of?',
    source: 'shared-mime-info-spec.pdf',
    fact: 'All text/* types are subclasses of text/plain',
  },
  {
    query: 'Who wrote "Everything we know about CRC but afraid to forget"?',
    source: 'crc-guide.pdf',
    fact: 'Andrew Kadatch',
  },
  {
    query: 'How many CPU cycles per byte does the interleaved word-by-word CRC algorithm need?',
    source: 'crc-guide.pdf',
    fact: '1.2 CPU cycles per byte',
  },
  // DOCX
  {
    query:
      'What happens if I propagate or modify a GPL-covered work other than as the license allows?',
    source: 'GPL-3.docx',
    fact: 'will automatically terminate your rights under this License',
  },
  {
    query: 'Can the Corresponding Source require a password for unpacking?',
    source: 'GPL-3.docx',
    fact: 'must require no special password or key for unpacking',
  },
  {
    query: 'When is a terminated GPL license reinstated permanently?',
    source: 'GPL-3.docx',
    fact: 'fails to notify you of the violation by some reasonable means prior to 60 days after the cessation',
  },
  {
    query: 'Do the contents of the NOTICE file modify the Apache License?',
    source: 'Apache-2.0.docx',
    fact: 'are for informational purposes only and do not modify the License',
  },
  {
    query: 'What happens to my Apache patent licenses if I file patent litigation over the Work?',
    source: 'Apache-2.0.docx',
    fact: 'shall terminate as of the date such litigation is filed',
  },
  // CSV
  {
    query: 'When was Debian 6.0 Squeeze released?',
    source: 'debian.csv',
    fact: 'release: 2011-02-06',
  },
  {
    query: 'What was the codename of Debian 3.0?',
    source: 'debian.csv',
    fact: 'version: 3.0; codename: Woody',
  },
  {
    query: 'When does long-term support for Debian 12 bookworm end?',
    source: 'debian.csv',
    fact: 'eol-lts: 2028-06-30',
  },
  {
    query: 'What is the codename of Ubuntu 22.04 LTS?',
    source: 'ubuntu.csv',
    fact: 'Jammy Jellyfish',
  },
  {
    query: 'When was Ubuntu 4.10 Warty Warthog released?',
    source: 'ubuntu.csv',
    fact: 'release: 2004-10-20',
  },
  // XLSX
  {
    query: 'Which country has the ISO 3166 code BQ?',
    source: 'time-zones.xlsx',
    fact: 'Caribbean NL',
  },
  {
    query: 'Which time zone covers most of Mongolia?',
    source: 'time-zones.xlsx',
    fact: 'Asia/Ulaanbaatar',
  },
  {
    query: 'Which time zone is used in Bayan-Ölgii?',
    source: 'time-zones.xlsx',
    fact: 'Asia/Hovd',
  },
  // HTML pages of the PostgreSQL manual, through its sitemap
  {
    query: 'How much memory does shared_buffers use by default?',
    source: 'runtime-config-resource.html',
    fact: '128 megabytes (128MB)',
  },
  {
    query: 'What is a reasonable starting value for shared_buffers on a dedicated database server?',
    source: 'runtime-config-resource.html',
    fact: '25% of the memory in your system',
  },
  {
    query: 'What is the default value of max_connections?',
    source: 'runtime-config-connection.html',
    fact: 'typically 100 connections',
  },
  {
    query: 'What is the longest character string PostgreSQL can store?',
    source: 'datatype-character.html',
    fact: 'about 1 GB',
  },
  {
    query: 'Are char(n) values padded with spaces?',
    source: 'datatype-character.html',
    fact: [
      'physically padded with spaces to the specified width n',
      'values of type character will be space-padded',
    ],
  },
  {
    query: 'What lock does TRUNCATE take?',
    source: 'sql-truncate.html',
    fact: 'ACCESS EXCLUSIVE lock on each table it operates on',
  },
  {
    query: 'What does RESTART IDENTITY do in TRUNCATE?',
    source: 'sql-truncate.html',
    fact: 'restart sequences owned by columns of the truncated table',
  },
  {
    query: 'What is the range of the integer type?',
    source: 'datatype-numeric.html',
    fact: '-2147483648 to +2147483647',
  },
  {
    query: 'Can CREATE INDEX CONCURRENTLY run inside a transaction block?',
    source: 'sql-createindex.html',
    fact: 'but CREATE INDEX CONCURRENTLY cannot',
  },
  {
    query: 'Does a standard index build block writes on the table?',
    source: 'sql-createindex.html',
    fact: 'a standard index build locks out writes (but not reads)',
  },
  {
    query: 'How do I make pg_dump dump tables in parallel?',
    source: 'app-pgdump.html',
    fact: 'Run the dump in parallel by dumping njobs tables simultaneously',
  },
  {
    query: 'Which pg_dump archive format can be handled with standard Unix tools?',
    source: 'app-pgdump.html',
    fact: 'A directory format archive can be manipulated with standard Unix tools',
  },
  {
    query: 'Does VACUUM FULL give disk space back to the operating system?',
    source: 'routine-vacuuming.html',
    fact: 'return the disk space to the operating system',
  },
  {
    query: 'How large are transaction IDs in PostgreSQL?',
    source: 'routine-vacuuming.html',
    fact: 'limited size (32 bits)',
  },
  {
    query: 'What precision can a timestamp have?',
    source: 'datatype-datetime.html',
    fact: 'from 0 to 6',
  },
  {
    query: 'Which environment variable sets the host that libpq connects to?',
    source: 'libpq-envars.html',
    fact: 'PGHOST behaves the same as the host connection parameter',
  },
  {
    query: 'When does TOAST compress or move a row value?',
    source: 'storage-toast.html',
    fact: 'wider than TOAST_TUPLE_THRESHOLD bytes (normally 2 kB)',
  },
];

export const UNANSWERABLE: string[] = [
  'What is the default port of the MongoDB server?',
  'How do I reset my Windows password?',
  'What is the capital of Australia?',
  'Who won the 2018 FIFA World Cup?',
  'How many calories are in a banana?',
  'What is the boiling point of ethanol?',
  'Which Kubernetes version removed dockershim?',
  'What is the maximum file size on FAT32?',
  'How do I configure Redis persistence?',
  'When was Fedora 38 released?',
];
