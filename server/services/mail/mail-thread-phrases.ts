/**
 * Where a mail's own words end, in the console's five languages and the mail clients' formats:
 * the quoted thread's first line, the signature, the lines a phone appends, contact details.
 * Written against folded text, as mail-phrases.ts is (see there).
 */

const any = (parts: readonly string[]) => `(?:${parts.join('|')})`;

/**
 * Where the quoted thread starts, beyond what email-reply-parser knows: the attribution line
 * ("On … wrote:", and its translations, also when wrapped over two lines), the separators of
 * forwarded and original messages, and Outlook's header block (From:/Sent:, De :/Envoyé :,
 * Von:/Gesendet:, De:/Enviado:, من:/أرسل:).
 */
export const ATTRIBUTION = new RegExp(
  `(?:${any([
    'wrote',
    'writes',
    'a ecrit',
    'ecrit',
    'escribio',
    'schrieb',
    'hat geschrieben',
    'كتب',
    'كتبت',
  ])})\\s*:\\s*$`,
  'u',
);

export const SEPARATOR = new RegExp(
  `^[-_=\\s]*(?:${any([
    'original message',
    'forwarded message',
    'begin forwarded message',
    "message d'origine",
    'message original',
    'message transfere',
    'ursprungliche nachricht',
    'weitergeleitete nachricht',
    'originalnachricht',
    'mensaje original',
    'mensaje reenviado',
    'الرساله الاصليه',
    'رساله معاد توجيهها',
    'الرساله المعاد توجيهها',
  ])})[-_=\\s:]*$`,
  'u',
);

/** Outlook's underscore rule above the quoted header block. */
export const RULE_LINE = /^\s*_{10,}\s*$/;

export const HEADER_FROM = /^\s*(?:from|de|von|من|expediteur|remitente)\s*:/u;
export const HEADER_FIELD =
  /^\s*(?:sent|date|to|cc|subject|envoye|a|objet|gesendet|datum|an|betreff|enviado(?: el)?|fecha|para|asunto|ارسل|تم الارسال|بتاريخ|التاريخ|الي|الموضوع)\s*:/u;

/** Lines a phone or mail app appends: "Sent from my iPhone" and its translations. */
export const DEVICE_LINE = new RegExp(
  `^${any([
    'sent from (?:my|mail|outlook|yahoo)',
    'sent via',
    'get outlook for',
    'envoye (?:de|depuis|a partir de) ',
    'telecharger outlook',
    'von meinem .* gesendet',
    'gesendet (?:von|mit) ',
    'enviado (?:desde|con) ',
    'obtener outlook',
    'ارسلت من',
    'مرسل من',
    'تم الارسال من',
  ])}`,
  'u',
);

/** The signature delimiter ("-- "), and the rules some clients draw instead. */
export const SIGNATURE_DELIMITER = /^\s*(?:--|—|–|_{2,9}|-{3,}|={2,})\s*$/;

/**
 * A line of contact details: a labelled phone, fax or address field, a bare number, an address
 * or site on its own, or fields set apart by bars ("Manager | ACME | +1 555 0100"). A sentence
 * that mentions an order number or a link is none of these.
 */
export const CONTACT_LINE = new RegExp(
  `^${any([
    '(?:tel|tél|phone|mobile|mob|cell|fax|handy|telefon|movil|móvil|telefono|teléfono|e-?mail|courriel|correo|web|site|هاتف|جوال|فاكس)\\.?\\s*(?:[:.]|(?=\\+?\\d))',
    '[\\d\\s()+./-]{7,}$',
    '[\\w.+-]+@[\\w-]+\\.[\\w.]+$',
    '(?:https?://|www\\.)\\S+$',
    '.*\\s\\|\\s',
  ])}`,
  'iu',
);
