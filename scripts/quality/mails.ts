/**
 * The tuning half's customer mails, written the way customers write: greetings, polite and
 * verbose phrasing, two questions in one mail, sign-offs, signatures, replies quoting the
 * previous message. Each asks about the tuning half's documents; `asks` lists, per question, the
 * source and the words of the answering sentence the draft must hold. The held-out half's are
 * in held-out/mails.ts.
 */
import type { Mail } from './types';

export const MAILS: Mail[] = [
  {
    fromName: 'Tom Becker',
    subject: 'PostgreSQL memory settings',
    body: `Hi team,

I was wondering whether you could tell me how much memory shared_buffers takes by default on our PostgreSQL server. Also, what is the default value for max_connections if we don't set one?

Thanks,
Tom

--
Tom Becker | Senior DBA
Northwind Logistics
+49 30 1234567`,
    asks: [
      { source: 'runtime-config-resource.html', fact: '128 megabytes (128MB)' },
      { source: 'runtime-config-connection.html', fact: 'typically 100 connections' },
    ],
  },
  {
    fromName: 'Priya Natarajan',
    subject: 'Test run times',
    body: `Hello,

Could you tell me roughly how much slower our program will run when we test it under Memcheck? We need to plan the time our nightly builds take.

Best regards,
Priya Natarajan
QA Lead, Acme Robotics`,
    asks: [
      {
        source: 'valgrind_manual.pdf',
        fact: ['10-50 times slower', 'run much slower (eg. 20 to 30 times) than normal'],
      },
    ],
  },
  {
    fromName: 'Marco Rossi',
    subject: 'Re: bash pipelines',
    body: `Thanks for the quick answer!

One more thing: what does HISTSIZE actually control in bash?

Cheers,
Marco

On Mon, 3 Mar 2025 at 10:14, Atrium Support <support@example.com> wrote:
> Hello Marco,
>
> with pipefail set, the return status of a pipeline is the value of the last
> (rightmost) command to exit with a non-zero status.
>
> Kind regards,
> Support`,
    asks: [
      {
        source: 'bashref.pdf',
        fact: 'The maximum number of commands to remember on the history list',
      },
    ],
  },
  {
    fromName: 'Julia Svensson',
    subject: 'GPL question from legal',
    body: `Good morning,

Our legal team asked me something I couldn't answer myself. If we modify GPL-licensed software in a way the license doesn't allow, what happens to our rights? And is there any way to get the license back afterwards?

Many thanks in advance,
Julia

Julia Svensson
Compliance Officer
Fabrikam AB

Sent from my iPhone`,
    asks: [
      { source: 'GPL-3.docx', fact: 'will automatically terminate your rights under this License' },
      {
        source: 'GPL-3.docx',
        fact: 'fails to notify you of the violation by some reasonable means prior to 60 days after the cessation',
      },
    ],
  },
  {
    fromName: 'Ahmed Karim',
    subject: 'Release date needed for audit',
    body: `Hi,

I hope you're well. I was wondering whether you could let me know when Debian 6.0 "Squeeze" was released, as our auditors want the exact date for the asset register.

Kind regards,

Ahmed`,
    asks: [{ source: 'debian.csv', fact: '2011-02-06' }],
  },
  {
    fromName: 'Camille Martin',
    subject: 'Mises à jour automatiques',
    body: `Bonjour,

Je me permets de vous écrire au sujet de nos serveurs Debian : est-il possible de mettre à jour le système automatiquement ? Par ailleurs, pourriez-vous me dire quel est le niveau d'exécution par défaut d'un système Debian ?

Je vous remercie par avance.

Cordialement,
Camille Martin
Service informatique – Mairie de Villeurbanne
Tél. 04 78 00 00 00`,
    asks: [
      { source: 'debian-faq.fr.pdf', fact: 'Vous pouvez utiliser cron-apt' },
      {
        source: 'debian-faq.fr.pdf',
        fact: [
          'Les systèmes Debian sont configurés avec id=2',
          "le niveau d'exécution par défaut est '2'",
        ],
      },
    ],
  },
];
