/**
 * The held-out half's customer mails, about the held-out half's documents, written the way
 * customers write (greetings, verbose and polite phrasing, two questions in one mail, sign-offs,
 * signatures, quoted replies). Engine developers see their figures only.
 */
import type { Mail } from '../types';

export const HELD_OUT_MAILS: Mail[] = [
  {
    fromName: 'Sam Okafor',
    subject: 'apt-cacher-ng and our DVDs',
    body: `Hello there,

We have just set up apt-cacher-ng in the office. I was wondering whether it can import our ISO images directly? And could you tell me how to make a few hosts bypass the proxy completely?

Thank you so much!
Sam

Sam Okafor
IT Support | Contoso Ltd.
www.contoso.example`,
    asks: [
      {
        source: 'apt-cacher-ng.pdf',
        fact: 'They are not supported by the cache and there is also no expiration mode for them',
      },
      {
        source: 'apt-cacher-ng.pdf',
        fact: 'Acquire::HTTP::Proxy::archive.example.org "DIRECT";',
      },
    ],
  },
  {
    fromName: 'Linda Park',
    subject: 'Re: MySQL backups',
    body: `Hi,

thanks, that worked. Which port does Backup Manager connect to for MySQL if I leave the setting alone, and which login does it use?

Best,
Linda

> On 12/02/2025 09:03, support@example.com wrote:
> Dear Linda,
> the MySQL method is called "mysql" and needs the mysqldump program.
> Regards, Support`,
    asks: [
      { source: 'backup-manager-user-guide.docx', fact: "default: `3306'" },
      { source: 'backup-manager-user-guide.docx', fact: "default: `root'" },
    ],
  },
  {
    fromName: 'Piotr Nowak',
    subject: 'Incremental backups',
    body: `Dear support team,

I would be grateful if you could clarify something for me. We use incremental tarballs with a weekly full backup. On which day is the full backup made when the day number is 1?

With kind regards,
Piotr Nowak
-- 
Sysadmin, Nowak & Syn`,
    asks: [{ source: 'backup-manager-user-guide.docx', fact: '1 means "monday"' }],
  },
  {
    fromName: 'Grace Liu',
    subject: 'MPL new versions',
    body: `Hi Atrium team,

Quick question from our open source office: who is allowed to publish new versions of the Mozilla Public License?

Thanks a lot and have a nice weekend,
Grace`,
    asks: [
      {
        source: 'MPL-2.0.docx',
        fact: 'no one other than the license steward has the right to modify or publish new versions of this License',
      },
    ],
  },
  {
    fromName: 'Daniel Moreau',
    subject: 'Hardening our new servers',
    body: `Good afternoon,

We are installing a batch of new Debian servers. Is it recommended to use a journaling file system on them? Also, which file do I need to edit to put a password on GRUB?

Thanks in advance for your help.

Regards,
Daniel Moreau
Infrastructure team`,
    asks: [
      {
        source: 'securing-debian/ch03s02.html',
        fact: 'It is recommended that you always use a journaling file system',
      },
      { source: 'securing-debian/lilo-passwd.html', fact: 'edit /boot/grub/menu.lst' },
    ],
  },
  {
    fromName: 'Klaus Weber',
    subject: 'Frage zu Benutzergruppen',
    body: `Sehr geehrte Damen und Herren,

ich hätte eine kurze Frage: Wie aktiviere ich das UPG-Schema für meinen Benutzer?

Vielen Dank im Voraus.

Mit freundlichen Grüßen
Klaus Weber
--
Weber IT-Service GmbH
Hauptstraße 12, 80331 München`,
    asks: [{ source: 'debian-reference.de.pdf', fact: ['umask 002'] }],
  },
];
