/**
 * The held-out half's questions in the console's other languages, asked in that language of a
 * document written in it that no engine rule was written against: the Debian Administrator's
 * Handbook in Spanish and French (HTML pages, "handbook-es/…", "handbook-fr/…") and chapters of
 * its Arabic translation the tuning half does not ask about, and the Debian Reference in German
 * (PDF). Worded as an administrator writing in that language would ask; `fact` is words copied
 * from the answering sentence. Engine developers see their figures only.
 */
import type { Question, Unanswerable } from '../types';

const es = (page: string) => `handbook-es/${page}.html`;
const fr = (page: string) => `handbook-fr/${page}.html`;
const ar = (page: string) => `handbook-ar/${page}.html`;
const referenceDe = 'debian-reference.de.pdf';

export const HELD_OUT_LANGUAGE_QUESTIONS: Question[] = [
  {
    language: 'es',
    query: '¿De dónde viene el nombre del programa tar?',
    source: es('sect.backup'),
    fact: 'Tape ARchive',
  },
  {
    language: 'es',
    query: '¿En qué archivo está la configuración principal de dirvish?',
    source: es('sect.backup'),
    fact: '/etc/dirvish/master.conf',
  },
  {
    language: 'es',
    query: '¿Puedo crear un enlace duro hacia otro sistema de archivos?',
    source: es('sect.backup'),
    fact: 'Sólo puede crear enlaces duros en el mismo sistema de archivos',
  },
  {
    language: 'es',
    query: '¿Qué herramienta de SSH copia archivos entre equipos como lo hace cp?',
    source: es('sect.remote-login'),
    fact: 'scp es una herramienta para la terminal que puede utilizar como cp',
  },
  {
    language: 'es',
    query: '¿Qué implementación de SSH trae Debian?',
    source: es('sect.remote-login'),
    fact: 'Debian utiliza OpenSSH',
  },
  {
    language: 'fr',
    query: 'Quel serveur NTP public est-il conseillé d’utiliser ?',
    source: fr('sect.config-misc'),
    fact: 'pool.ntp.org',
  },
  {
    language: 'fr',
    query: 'À quelle fréquence logrotate est-il lancé ?',
    source: fr('sect.config-misc'),
    fact: [
      "exécuté quotidiennement par l'ordonnanceur cron",
      'exécuté quotidiennement par l’ordonnanceur cron',
    ],
  },
  {
    language: 'fr',
    query: 'Que se passe-t-il quand la cible d’un lien symbolique n’existe plus ?',
    source: fr('sect.config-misc'),
    fact: [
      "renverra une erreur indiquant que le fichier demandé n'existe pas",
      'renverra une erreur indiquant que le fichier demandé n’existe pas',
    ],
  },
  {
    language: 'fr',
    query: 'Comment mettre à l’heure un poste de travail à chaque démarrage ?',
    source: fr('sect.config-misc'),
    fact: 'le paquet Debian ntpdate',
  },
  {
    language: 'fr',
    query: 'Plusieurs administrateurs partagent le mot de passe root : que faire à la place ?',
    source: fr('sect.config-misc'),
    fact: 'La solution à ce problème est le programme sudo',
  },
  {
    language: 'de',
    query: 'Welches Gruppenschema verwendet Debian für neue Benutzer?',
    source: referenceDe,
    fact: 'verwendet standardmäßig das UPG-Schema',
  },
  {
    language: 'de',
    query: 'Auf welchen Wert kann ich die umask mit privaten Benutzergruppen gefahrlos setzen?',
    source: referenceDe,
    fact: 'die umask auf 0002 zu setzen',
  },
  {
    language: 'de',
    query: 'Gibt es eine Tab-Vervollständigung für die bash?',
    source: referenceDe,
    fact: 'Das bash-completion-Paket enthält eine konfigurierbare Auto-Vervollständigung für bash',
  },
  {
    language: 'de',
    query: 'Kann ich mit vim Verzeichnisse im Netzwerk durchsuchen?',
    source: referenceDe,
    fact: 'Netrw unterstützt das Lesen und Schreiben von Dateien sowie das Durchsuchen von Verzeichnissen',
  },
  {
    language: 'de',
    query: 'Installiert Debian von Haus aus unfreie Software?',
    source: referenceDe,
    fact: 'Debian installiert standardmäßig nur freie Software',
  },
  {
    language: 'ar',
    query: 'كم سنة يُدعَم كل إصدار مستقر من دبيان؟',
    source: ar('sect.release-lifecycle'),
    fact: 'لكل نسخة مستقرة عمر يقدر بحوالي 5 سنوات',
  },
  {
    language: 'ar',
    query: 'ما البرنامج الذي يساعدني على اختيار كلمة سر؟',
    source: ar('sect.installation-steps'),
    fact: 'مولِّد كلمات سرّ مثل pwgen',
  },
  {
    language: 'ar',
    query: 'ما نظام الملفات الذي يقترحه المثبت افتراضياً؟',
    source: ar('sect.installation-steps'),
    fact: 'الاختيار القياسي (ext4)',
  },
  {
    language: 'ar',
    query: 'كيف أمنع مستخدماً من تسجيل الدخول عبر الصدفة؟',
    source: ar('sect.user-group-databases'),
    fact: 'فلن يتمكن المستخدم من الدخول',
  },
  {
    language: 'ar',
    query: 'كيف أجبر مستخدماً على تغيير كلمة سره عند دخوله التالي؟',
    source: ar('sect.user-group-databases'),
    fact: 'passwd -e user',
  },
];

export const HELD_OUT_LANGUAGE_UNANSWERABLE: Unanswerable[] = [
  { language: 'es', query: '¿Cuál es el horario de atención al cliente de Telefónica?' },
  { language: 'fr', query: 'Combien coûte un billet de TGV entre Paris et Lyon ?' },
  { language: 'de', query: 'Wann öffnet das Finanzamt in München?' },
  { language: 'ar', query: 'كم عدد السعرات الحرارية في حبة موز؟' },
];
