import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { questionsOfMail, readMail } from './mail-questions';

/** The text body the mailbox stores for an HTML-only mail: mailparser's, as parse.ts keeps it. */
async function textOfHtml(html: string): Promise<string> {
  const raw = [
    'From: customer@example.test',
    'To: support@example.test',
    'Subject: Question',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
  ].join('\r\n');
  const mail = await simpleParser(Buffer.from(raw), { skipImageLinks: true, skipTextToHtml: true });
  return mail.text ?? '';
}

interface Case {
  when: string;
  text: string;
  questions: string[];
}

// Real mails as customers write them; the quoted threads and signatures carry words (invoice,
// order, phone numbers, names) that no manual holds.
const cases: Case[] = [
  {
    when: 'an English reply greets, signs off with a name and quotes its thread under "On … wrote:"',
    text: `Hi Tom,

How do I reset the gateway to its factory settings?

Thanks,
Tom

On Mon, Mar 3, 2025 at 10:02 AM Support Desk <support@example.com> wrote:
> Thank you for your order 4711. Your invoice is attached.
>
> Kind regards, the support team`,
    questions: ['How do I reset the gateway to its factory settings?'],
  },
  {
    when: 'a mail asks two questions, one pointing back, above a "-- " signature and a device line',
    text: `Hello team,

I hope you're doing well. We just bought the X200 pump. How do I clean it? Also, what is the maximum pressure?

-- 
Jane Doe
Product Manager | ACME
+1 555 0100

Sent from my iPhone`,
    questions: [
      'We just bought the X200 pump. How do I clean it?',
      'What is the maximum pressure?',
    ],
  },
  {
    when: 'an Outlook reply closes with a name, title and phone above "-----Original Message-----"',
    text: `Hello,

Which cleaning agents are safe for the stainless steel housing?

Best regards,
Jane Doe
Head of Facilities
ACME Corp.
Tel: +1 555 0100

-----Original Message-----
From: Support Desk [mailto:support@example.com]
Sent: Monday, March 3, 2025 10:00 AM
To: Jane Doe
Subject: RE: Housing

Dear Jane, your ticket 8812 was closed.`,
    questions: ['Which cleaning agents are safe for the stainless steel housing?'],
  },
  {
    when: 'an Outlook header block without addresses follows an underscore rule',
    text: `Good morning, quick question: what is the default timeout if we don't set one, and what is the maximum?
Thanks a lot
Tom

________________________________
From: Support Desk
Sent: Monday, March 3, 2025 10:00 AM
To: Tom Baker
Subject: RE: Timeout

Hello Tom, your licence renewal is due.`,
    questions: ["What is the default timeout if we don't set one, and what is the maximum?"],
  },
  {
    when: 'a formal mail wonders instead of asking and closes "Yours faithfully"',
    text: `Dear Sir or Madam,

I was wondering whether the descaling cycle can be interrupted. Thank you in advance for your help.

Yours faithfully,
Robert Smith
Head of Facilities
Baker & Sons Ltd.`,
    questions: ['The descaling cycle can be interrupted.'],
  },
  {
    when: 'a verbose question is framed by "Could you please tell me"',
    text: `Hi,
Could you please tell me what the maximum operating temperature is?
Regards, Priya`,
    questions: ['What the maximum operating temperature is?'],
  },
  {
    when: 'a mail is only a greeting and a request without a question mark',
    text: `Hi,
please send me the wiring diagram for the X200
Best
Anna`,
    questions: ['The wiring diagram for the X200'],
  },
  {
    when: 'a mail asks nothing and only describes a problem',
    text: `Hello,

Our pump stopped working after the firmware update. The display shows error E4.

Kind regards,
Mark`,
    questions: ['Our pump stopped working after the firmware update. The display shows error E4.'],
  },
  {
    when: 'the answer is written below the quoted thread',
    text: `On Tue, 4 Mar 2025 at 09:15, Support Desk <support@example.com> wrote:
> Your order 4711 has shipped.

Thanks for the update. How long is the warranty on the motor?

Bob`,
    questions: ['How long is the warranty on the motor?'],
  },
  {
    when: 'the greeting and the question share a line',
    text: `Hi Tom, what's the maximum file size for uploads?

Cheers - Sam`,
    questions: ["What's the maximum file size for uploads?"],
  },
  {
    when: 'a signature block of name, title and phone follows without a sign-off',
    text: `What is the warranty period for the X200?

Jane Doe
Support Engineer | Example Ltd
+44 20 7946 0018`,
    questions: ['What is the warranty period for the X200?'],
  },
  {
    when: 'the questions are a numbered list after "I have two questions:"',
    text: `Hello support,

I have two questions:
1. How do I replace the filter cartridge?
2. Where can I find the serial number?

Many thanks,
Olivia`,
    questions: ['How do I replace the filter cartridge?', 'Where can I find the serial number?'],
  },
  {
    when: 'a thank-you opens the mail before its question',
    text: `Thanks!

One more question: does the X200 work with 110 V mains?

Best wishes
Liam`,
    questions: ['Does the X200 work with 110 V mains?'],
  },
  {
    when: 'a mail holds only a greeting and a sign-off',
    text: `Hi there,

Thanks,
Tom`,
    questions: [],
  },
  {
    when: 'a short question rests on the statement before it, and a tiny follow-up on its question',
    text: `Hello,

When I turn the machine on, it beeps three times. What does that mean?

Is the tank 1.8 litres? Or 2?

Best,
John`,
    questions: [
      'When I turn the machine on, it beeps three times. What does that mean?',
      'Is the tank 1.8 litres? Or 2?',
    ],
  },
  {
    when: 'a French mail frames its questions and quotes its thread under "a écrit :"',
    text: `Bonjour,

Je voudrais savoir comment réinitialiser la passerelle. Pourriez-vous me dire si la garantie couvre la batterie ?

Cordialement,
Marie Dupont

Le lun. 3 mars 2025 à 10:00, Support <support@example.com> a écrit :
> Votre commande 4711 a été expédiée.`,
    questions: ['Comment réinitialiser la passerelle?', 'La garantie couvre la batterie?'],
  },
  {
    when: 'a French mail thanks in advance and ends with "Envoyé de mon iPhone"',
    text: `Bonsoir,
Quelle est la durée du cycle de détartrage ?
Merci d'avance pour votre réponse.
Paul

Envoyé de mon iPhone`,
    questions: ['Quelle est la durée du cycle de détartrage?'],
  },
  {
    when: 'a German mail asks politely above "-----Ursprüngliche Nachricht-----"',
    text: `Hallo zusammen,

könnten Sie mir sagen, wie lange der Entkalkungsvorgang dauert?

Mit freundlichen Grüßen
Hans Müller
Tel: +49 30 1234567

-----Ursprüngliche Nachricht-----
Von: Support
Gesendet: Montag, 3. März 2025 10:00
An: Hans Müller
Betreff: Ihre Bestellung

Ihre Rechnung liegt bei.`,
    questions: ['Wie lange der Entkalkungsvorgang dauert?'],
  },
  {
    when: 'a German mail asks two questions and quotes its thread under "schrieb"',
    text: `Sehr geehrte Damen und Herren,

welche Reinigungsmittel darf ich für das Gehäuse verwenden? Und wo finde ich die Seriennummer?

Viele Grüße
Petra Schmidt

Am 03.03.2025 um 10:00 schrieb Support <support@example.com>:
> Vielen Dank für Ihre Bestellung.`,
    questions: [
      'Welche Reinigungsmittel darf ich für das Gehäuse verwenden?',
      'Wo finde ich die Seriennummer?',
    ],
  },
  {
    when: 'a German mail asks for a document without a question mark',
    text: `Guten Tag,
bitte schicken Sie mir die Bedienungsanleitung für den Entkalker.
Danke und viele Grüße
Peter`,
    questions: ['Die Bedienungsanleitung für den Entkalker.'],
  },
  {
    when: 'a Spanish mail frames its question and quotes its thread under "escribió:"',
    text: `Hola,

¿Podrían decirme cuál es el tamaño máximo de archivo?

Saludos,
Juan

El lun, 3 mar 2025 a las 10:00, Soporte (<soporte@example.com>) escribió:
> Gracias por su pedido.`,
    questions: ['¿Cuál es el tamaño máximo de archivo?'],
  },
  {
    when: 'a Spanish mail asks two questions and ends with "Enviado desde mi iPhone"',
    text: `Estimados señores:

Quisiera saber si la bomba funciona con agua salada. ¿Y cuánto tiempo dura la garantía?

Atentamente,
Lucía García

Enviado desde mi iPhone`,
    questions: ['La bomba funciona con agua salada.', '¿Cuánto tiempo dura la garantía?'],
  },
  {
    when: 'a Spanish mail sits above an Outlook header block "De: … Enviado el: …"',
    text: `Buenos días:

¿Con qué frecuencia hay que cambiar el filtro?

Un cordial saludo,
Carmen Ruiz

De: Soporte Técnico
Enviado el: lunes, 3 de marzo de 2025 10:00
Para: Carmen Ruiz
Asunto: RE: Pedido 4711

Su factura está adjunta.`,
    questions: ['¿Con qué frecuencia hay que cambiar el filtro?'],
  },
  {
    when: 'a Spanish mail asks for the manual without a question mark',
    text: `Buenos días,
por favor envíenme el manual de la bomba X200.
Gracias,
Pedro`,
    questions: ['El manual de la bomba X200.'],
  },
  {
    when: 'an Arabic mail frames its question and quotes its thread under "كتب:"',
    text: `مرحباً،

هل يمكنكم إخباري كيف أعيد ضبط البوابة؟

مع التحية،
أحمد

في الاثنين، 3 مارس 2025 في 10:00 ص، Support <support@example.com> كتب:
> شكراً لطلبكم.`,
    questions: ['كيف أعيد ضبط البوابة؟'],
  },
  {
    when: 'an Arabic mail asks two questions, one without its question mark, above "الرسالة الأصلية"',
    text: `السلام عليكم،

ما هي مدة الضمان على المحرك؟
كيف أنظف الفلتر

وشكراً
سارة

-----الرسالة الأصلية-----
من: الدعم
أرسل: الاثنين 3 مارس 2025
الموضوع: طلبكم`,
    questions: ['ما هي مدة الضمان على المحرك؟', 'كيف أنظف الفلتر؟'],
  },
  {
    when: 'an Arabic mail sits above an Outlook header block "من: … تم الإرسال: …"',
    text: `مرحبا

ما هو الحد الأقصى لضغط المضخة؟

تحياتي

من: الدعم الفني
تم الإرسال: الاثنين، 3 مارس 2025
إلى: أحمد
الموضوع: طلبكم رقم 4711

فاتورتكم مرفقة.`,
    questions: ['ما هو الحد الأقصى لضغط المضخة؟'],
  },
  // Polite framing in each console language: what is left is the question.
  {
    when: 'an English mail wraps each question in courtesy',
    text: `Hi team,

I was wondering whether you could tell me how much memory the X200 needs.
I'd be grateful if you could let me know whether the X200 prints on both sides.
Would you mind telling me what the warranty period is?
Do you happen to know which paper sizes it accepts?
Any idea how to update the firmware of the X200?

Thanks,
Tom

--
Tom Becker | Senior DBA
Northwind Logistics
+49 30 1234567`,
    questions: [
      'How much memory the X200 needs?',
      'The X200 prints on both sides.',
      'What the warranty period is?',
      'Which paper sizes it accepts?',
      'How to update the firmware of the X200?',
    ],
  },
  {
    when: 'a French mail writes "Je me permets de vous écrire au sujet de … :" and "Par ailleurs, pourriez-vous me dire"',
    text: `Bonjour,

Je me permets de vous écrire au sujet de nos serveurs Debian : est-il possible de mettre à jour le système automatiquement ? Par ailleurs, pourriez-vous me dire quel est le niveau d'exécution par défaut ?
Serait-il possible de savoir où se trouve le journal des mises à jour ?

Je vous remercie par avance.

Cordialement,
Camille Martin
Service informatique – Mairie de Villeurbanne
Tél. 04 78 00 00 00`,
    questions: [
      'Nos serveurs Debian: est-il possible de mettre à jour le système automatiquement?',
      "Quel est le niveau d'exécution par défaut?",
      'Où se trouve le journal des mises à jour?',
    ],
  },
  {
    when: 'a German mail asks "Ich hätte eine kurze Frage:", "Wären Sie so freundlich" and "Mich würde interessieren"',
    text: `Guten Tag,

ich hätte eine kurze Frage: Wie lange hält eine Tonerkartusche?
Wären Sie so freundlich, mir zu erklären, wie man den Druckkopf reinigt?
Mich würde interessieren, wo sich die Reset-Taste befindet.

Mit freundlichen Grüßen
Hans Müller
Tel: +49 30 1234567

-----Ursprüngliche Nachricht-----
Von: Support
Gesendet: Montag, 3. März 2025 10:00
Betreff: Ihre Bestellung 4711`,
    questions: [
      'Wie lange hält eine Tonerkartusche?',
      'Wie man den Druckkopf reinigt?',
      'Wo sich die Reset-Taste befindet?',
    ],
  },
  {
    when: 'a Spanish mail asks "¿Sería tan amable de indicarme…?" and "Le agradecería que me indicara…"',
    text: `Hola,

¿Sería tan amable de indicarme dónde está el botón de reinicio?
Le agradecería que me indicara qué tamaños de papel admite la impresora.

Saludos cordiales,
Lucía García

El lun, 3 mar 2025 a las 10:00, Soporte (<soporte@example.com>) escribió:
> Gracias por su pedido.`,
    questions: ['¿Dónde está el botón de reinicio?', 'Qué tamaños de papel admite la impresora?'],
  },
  {
    when: 'an Arabic mail asks "هل من الممكن أن تخبرني" and "أتساءل عما إذا"',
    text: `مرحباً،

هل من الممكن أن تخبرني كم يدوم خرطوش الحبر؟
أتساءل عما إذا كانت الطابعة تدعم الطباعة على الوجهين.

مع خالص التحية،
توم`,
    questions: ['كم يدوم خرطوش الحبر؟', 'كانت الطابعة تدعم الطباعة على الوجهين.'],
  },
  {
    when: 'a customer answers between the quoted lines and then asks',
    text: `> Which model do you have?
X200
> When did you buy it?
In May.

How do I descale it?`,
    questions: ['How do I descale it?'],
  },
];

describe('questions of a mail', () => {
  it.each(cases.map((c) => [c.when, c] as const))(
    'when %s, then only its questions are asked',
    (_when, { text, questions }) => {
      expect(questionsOfMail(text)).toEqual(questions);
    },
  );

  it('when an HTML mail from a web client quotes its thread, then its text asks only its own questions', async () => {
    const text = await textOfHtml(
      `<div dir="ltr"><div>Hi there,</div><div><br></div><div>Could you tell me how long the descaling cycle takes? And how many litres does the tank hold?</div><div><br></div><div>Cheers,</div><div>Sam</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, 4 Mar 2025 at 09:15, Support Desk &lt;<a href="mailto:support@example.com">support@example.com</a>&gt; wrote:<br></div><blockquote class="gmail_quote"><div>Thank you for your order 4711. Your invoice is attached.</div></blockquote></div></div>`,
    );
    expect(questionsOfMail(text)).toEqual([
      'How long the descaling cycle takes?',
      'How many litres does the tank hold?',
    ]);
  });

  it('when an HTML mail from Outlook carries a signature and a French header block, then its text asks only its question', async () => {
    const text = await textOfHtml(
      `<html><body><div>Bonjour,</div><div>&nbsp;</div><div>Pourriez-vous m&#8217;indiquer la pression maximale de la pompe&nbsp;?</div><div>&nbsp;</div><div>Cordialement,</div><div>Claire Martin</div><div>Responsable technique | Société Dupont</div><div>T&eacute;l. : 01 23 45 67 89</div><hr><div id="divRplyFwdMsg" dir="ltr"><b>De :</b> Support &lt;support@example.com&gt;<br><b>Envoyé :</b> lundi 3 mars 2025 10:00<br><b>À :</b> Claire Martin<br><b>Objet :</b> Votre commande</div><div>Merci pour votre commande de filtres.</div></body></html>`,
    );
    expect(questionsOfMail(text)).toEqual(['La pression maximale de la pompe?']);
  });

  it('when a mail is answered, then each question keeps the words the customer wrote for quoting', () => {
    const read = readMail(
      `Hi,\n\nI'd like to know how often the filter must be changed.\n\nThanks,\nAnna`,
    );
    expect(read.questions).toEqual([
      {
        asked: "I'd like to know how often the filter must be changed.",
        question: 'How often the filter must be changed?',
      },
    ]);
    expect(read.own).toContain('Anna');
  });

  it('when the sender signs with their name only, then that name is not asked', () => {
    const text = 'Please send me the installation guide for the X200.\nAnna Kowalski';
    expect(readMail(text, { sender: 'Anna Kowalski' }).questions.map((q) => q.question)).toEqual([
      'The installation guide for the X200.',
    ]);
  });

  it('when a mail asks more questions than are answered at once, then its first ones are kept', () => {
    const text = Array.from({ length: 9 }, (_, i) => `What is setting number ${i + 1}?`).join(' ');
    expect(questionsOfMail(text)).toHaveLength(6);
  });
});
