/**
 * The tuning half's questions in the console's other languages, asked in that language of a
 * document written in it: the Debian Reference in Spanish (PDF), the Debian FAQ in French and in
 * German (PDF), and the Arabic translation of the Debian Administrator's Handbook (HTML pages,
 * "handbook-ar/…"). Worded as an administrator writing in that language would ask; `fact` is
 * words copied from the answering sentence. The held-out half's are in held-out/languages.ts.
 */
import type { Question, Unanswerable } from './types';

const reference = 'debian-reference.es.pdf';
const faqFr = 'debian-faq.fr.pdf';
const faqDe = 'debian-faq.de.pdf';
const arabic = (page: string) => `handbook-ar/${page}.html`;

export const LANGUAGE_QUESTIONS: Question[] = [
  {
    language: 'es',
    query:
      '¿Distingue Debian entre mayúsculas y minúsculas en el nombre de usuario y la contraseña?',
    source: reference,
    fact: 'son sensibles a mayúsculas',
  },
  {
    language: 'es',
    query: '¿A qué grupo tengo que pertenecer para poder reconfigurar el módem?',
    source: reference,
    fact: 'pertenecer al grupo dialout para reconfigurar el modem',
  },
  {
    language: 'es',
    query: '¿El ctime de un archivo es su fecha de creación?',
    source: reference,
    fact: 'ctime no es el momento de creación del archivo',
  },
  {
    language: 'es',
    query: '¿Qué versión de Debian conviene a un administrador principiante?',
    source: reference,
    fact: [
      'deberían utilizar la distribución «estable» de Debian',
      'deberían utilizar la distribución',
    ],
  },
  {
    language: 'fr',
    query: "D'où viennent les noms de code des versions de Debian ?",
    source: faqFr,
    fact: 'les noms de code proviennent des personnages des films',
  },
  {
    language: 'fr',
    query: 'Qui est Sid, qui a donné son nom à la distribution unstable ?',
    source: faqFr,
    fact: 'le garçon des voisins qui détruit les jouets',
  },
  {
    language: 'fr',
    query: 'À quoi sert le champ Installed-Size d’un paquet ?',
    source: faqFr,
    fact: [
      "l'espace disque utilisé par le paquet une fois installé",
      'l’espace disque utilisé par le paquet une fois installé',
    ],
  },
  {
    language: 'fr',
    query: 'La distribution unstable sera-t-elle un jour publiée ?',
    source: faqFr,
    fact: 'Elle ne sera jamais directement publiée',
  },
  {
    language: 'de',
    query: 'Werden meine geänderten Konfigurationsdateien bei einem Paket-Update überschrieben?',
    source: faqDe,
    fact: 'bei einer Paketaktualisierung nicht überschrieben',
  },
  {
    language: 'de',
    query: 'Kann ich Pakete aktualisieren, während das System läuft?',
    source: faqDe,
    fact: 'Pakete können direkt aktualisiert werden, sogar in laufenden Systemen',
  },
  {
    language: 'de',
    query: 'Darf ich die heruntergeladenen .deb-Dateien nach der Installation löschen?',
    source: faqDe,
    fact: 'können nach erfolgreicher Installation der Pakete wieder entfernt werden',
  },
  {
    language: 'de',
    query: 'Wie lasse ich dpkg alle Paketänderungen protokollieren?',
    source: faqDe,
    fact: '--log=Dateiname',
  },
  {
    language: 'ar',
    query: 'ما هي الأولوية الافتراضية للحزمة المثبتة في APT؟',
    source: arabic('sect.apt-get'),
    fact: 'كل نسخة مثبتة من الحزمة لها أولوية تساوي 100',
  },
  {
    language: 'ar',
    query: 'كيف أعيد تثبيت حزمة مثبتة تضررت ملفاتها؟',
    source: arabic('sect.apt-get'),
    fact: 'استخدم الخيار --reinstall مع الأمر apt أو الأمر apt-get',
  },
  {
    language: 'ar',
    query: 'أي أمر أستعمل للانتقال إلى إصدار دبيان الرئيسي التالي؟',
    source: arabic('sect.apt-get'),
    fact: 'عليك استخدام apt full-upgrade',
  },
  {
    language: 'ar',
    query: 'كيف أشغّل أمراً مرة واحدة بعد إقلاع الحاسوب؟',
    source: arabic('sect.task-scheduling-cron-atd'),
    fact: 'يمكنك استخدام الماكرو @reboot',
  },
  {
    language: 'ar',
    query: 'أين يُخزَّن جدول crontab الخاص بكل مستخدم؟',
    source: arabic('sect.task-scheduling-cron-atd'),
    fact: '/var/spool/cron/crontabs/user',
  },
];

export const LANGUAGE_UNANSWERABLE: Unanswerable[] = [
  { language: 'es', query: '¿Cuánto cuesta una licencia de Windows Server 2022?' },
  { language: 'fr', query: 'Quel est le prix d’un abonnement Red Hat Enterprise Linux ?' },
  { language: 'de', query: 'Wie hoch ist der Mehrwertsteuersatz in Österreich?' },
  { language: 'ar', query: 'ما هي عاصمة أستراليا؟' },
];
