/**
 * The held-out half's English questions, written against the documents of held-out/corpus.ts
 * and against no rule of the answering engine. Engine developers see their figures only.
 *
 * As in the tuning half: each is worded the way an administrator would ask, not copied from the
 * sentence that answers it; `fact` is words copied from that sentence as the document has them,
 * and a second place that answers fully is listed too. The unanswerable ones sit near these
 * documents' subjects (caching proxies, backups, licences, hardening) but none of the corpus
 * answers them.
 */
import type { Question, Unanswerable } from '../types';

const acng = 'apt-cacher-ng.pdf';
const backup = 'backup-manager-user-guide.docx';
const mpl = 'MPL-2.0.docx';
const securing = (page: string) => `securing-debian/${page}.html`;

export const HELD_OUT_QUESTIONS: Question[] = [
  // apt-cacher-ng's manual (PDF)
  {
    query: 'Which port do clients use to reach apt-cacher-ng?',
    source: acng,
    fact: 'the service port is 3142',
  },
  {
    query: 'How do I point APT at the apt-cacher-ng proxy?',
    source: acng,
    fact: 'Acquire::http::proxy "http://CacheServerIp:3142";',
  },
  {
    query: 'Which remote ports may apt-cacher-ng connect to out of the box?',
    source: acng,
    fact: 'the default HTTP port (80)',
  },
  {
    query: 'On which network interfaces does apt-cacher-ng listen unless told otherwise?',
    source: acng,
    fact: 'The default setting is listening to all interfaces',
  },
  {
    query: 'How can I keep some older package versions in the cache after they expire?',
    source: acng,
    fact: 'KeepExtraVersions options which tells how many of the top-latest versions shall be kept',
  },
  {
    query: 'What is acngfs?',
    source: acng,
    fact: 'an own implementation of a http file system called acngfs',
  },
  {
    query:
      'Why is downloading a long series of files through apt-cacher-ng slow, and how do I fix it?',
    source: acng,
    fact: 'set the pipelining depth to a very high value',
  },
  // Backup Manager's user guide (DOCX)
  {
    query: 'Where does Backup Manager keep its archives by default?',
    source: backup,
    fact: "default: `/var/archives'",
  },
  {
    query: 'Which encryption method can Backup Manager use for archives?',
    source: backup,
    fact: 'The only valid method supported for encrypting archives is "gpg"',
  },
  {
    query: 'How many days are archives kept before Backup Manager purges them?',
    source: backup,
    fact: "Type: integer, default: `5'",
  },
  {
    query: 'What happens when a new archive is identical to the previous one?',
    source: backup,
    fact: 'the previous one is replaced by a symlink to the new one',
  },
  {
    query: 'Which archive type gives the best compression in Backup Manager?',
    source: backup,
    fact: "For the best compression rate, choose `tar.bz2' or `tar.xz'",
  },
  {
    query: 'Can I limit the size of the archives Backup Manager builds?',
    source: backup,
    fact: "only if you are using the `dar' `BM_TARBALL_FILETYPE'",
  },
  {
    query: 'Which directories are left out of tarballs unless configured otherwise?',
    source: backup,
    fact: 'default: `"/proc /dev /sys /tmp"\'',
  },
  // The Mozilla Public License 2.0 (DOCX)
  {
    query: 'Who is the license steward of the MPL?',
    source: mpl,
    fact: 'Mozilla Foundation is the license steward',
  },
  {
    query: 'Where must litigation about the Mozilla Public License be brought?',
    source: mpl,
    fact: 'courts of a jurisdiction where the defendant maintains its principal place of business',
  },
  {
    query: 'May I distribute a Larger Work that contains MPL-covered software under my own terms?',
    source: mpl,
    fact: 'You may create and distribute a Larger Work under terms of Your choice',
  },
  {
    query:
      'Within how many days of coming back into compliance must a contributor object, or lose the right to terminate my MPL licence?',
    source: mpl,
    fact: 'prior to 60 days after You have come back into compliance',
  },
  // The Securing Debian Manual (HTML pages through a sitemap)
  {
    query: 'How do I turn off the magic SysRq key?',
    source: securing('restrict-sysrq'),
    fact: 'kernel.sysrq = 0',
  },
  {
    query: 'Why should /home and /tmp be on their own partitions?',
    source: securing('ch03s02'),
    fact: 'reduces the risk of a user DoS by filling up your "/" mount point',
  },
  {
    query: 'How can I stop anyone from rebooting the machine with Ctrl+Alt+Del?',
    source: securing('restrict-reboots'),
    fact: 'comment the line with the ctrlaltdel definition in the /etc/inittab',
  },
  {
    query: 'Why set a password on the boot loader?',
    source: securing('lilo-passwd'),
    fact: 'Anybody can easily get a root-shell and change your passwords',
  },
  {
    query: 'Which inetd services should be stopped?',
    source: securing('ch03s05'),
    fact: 'echo, chargen, discard, daytime, time, talk, ntalk and r-services',
  },
  {
    query: 'Can I disable a service by editing its file in /etc/default?',
    source: securing('ch03s05'),
    fact: 'services in Debian cannot be disabled by modifying files in /etc/default/service_name',
  },
];

export const HELD_OUT_UNANSWERABLE: Unanswerable[] = [
  { query: 'How much does a commercial support contract for apt-cacher-ng cost?' },
  { query: 'How do I back up an Oracle database with RMAN?' },
  { query: 'Which version of the Mozilla Public License did Firefox 1.0 ship under?' },
  { query: 'How do I enable two-factor authentication for Windows Remote Desktop?' },
  { query: 'What is the default port of Microsoft SQL Server?' },
];
