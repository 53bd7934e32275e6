/**
 * The words of asking for a person, per console language, folded as person-request.ts folds a
 * question (lower case, no accents or Arabic marks; Arabic alef, yeh and teh marbuta unified,
 * so "أريد" is written "اريد" and "خدمة" "خدمه"). Each entry is a whole word: a regular
 * expression anchored at both ends, an alternation of forms. Arabic forms carry their attached
 * conjunctions, prepositions and article (و ف ب ل ال) and suffixes in the expression.
 */
import type { Language } from '../../../contract/constants';

export interface Phrase {
  words: RegExp[];
  /** Reaching that needs the asker as its object: "connect me", "mettez-moi", "verbinden Sie mich". */
  object?: boolean;
  /** Wanting that is necessity: asked as a question, it asks whether one is needed. */
  need?: boolean;
}

export interface PersonWords {
  /** Verbs of reaching someone: talk, speak, contact, connect me … */
  reach: Phrase[];
  /** Verbs of wanting: want, need, would like … */
  want: Phrase[];
  /** One person: human, agent, adviser, someone … */
  person: Phrase[];
  /** People as a service: support, customer service, team (after a verb only). */
  team: Phrase[];
  /** Between the verb and the person: prepositions, articles, "me", real, live … */
  link: RegExp;
  /** Joins a person to their team: "someone from support", "jemanden vom Support". */
  of: RegExp;
  /** Prepositions that introduce the person reached: to, with, mit, con, avec, مع. */
  prepositions: RegExp;
  /** What may come before a verb of reaching in its clause: the asker, modals, how, please … */
  lead: RegExp;
  /** What may come before a verb of wanting: the asker and courtesy, no "do"/"how". */
  wantLead: RegExp;
  /** What may follow the person: nothing, or about, please, now … (never a noun). */
  tail: RegExp;
  /** Between a person and a verb after it (German puts the verb last). */
  between: RegExp;
  /** The asker: I, we, ich, je, yo … */
  asker: RegExp;
  /** The asker as an object: me, us, mich, moi … */
  objects: RegExp;
  /** Conjunctions that start another clause. */
  breaks: RegExp;
  /** Courtesy around a person named alone. */
  alone: RegExp;
  /** What a person named alone may be asked about: about, regarding, sobre, wegen … */
  topic: RegExp;
}

const word = (forms: string) => new RegExp(`^(?:${forms})$`, 'u');
const phrase = (...forms: string[]): Phrase => ({ words: forms.map(word) });
const needsObject = (...forms: string[]): Phrase => ({ ...phrase(...forms), object: true });
const need = (...forms: string[]): Phrase => ({ ...phrase(...forms), need: true });

const en: PersonWords = {
  reach: [
    phrase(
      'talk|talking|speak|speaking|chat|chatting|converse|reach|contact|contacting|call|phone',
    ),
    phrase('get|getting|be|stay|keep', 'in', 'touch'),
    phrase('escalate|escalating'),
    needsObject('connect|transfer|forward|pass|put|hand|route|redirect|send|escalate|switch'),
    phrase(
      'be|get|being|getting',
      'connected|transferred|forwarded|passed|handed|routed|redirected|escalated|put',
    ),
  ],
  want: [
    phrase('want|wanna|prefer|request|requesting|demand|like|get|have'),
    need('need|needed|require'),
    phrase('ask|asking', 'for'),
  ],
  person: [
    phrase(
      'human|humans|person|persons|people|someone|somebody|anyone|anybody|agent|agents|' +
        'representative|representatives|rep|reps|operator|operators|advisor|advisors|adviser|' +
        'advisers|consultant|consultants|specialist|specialists|staff|staffer|employee|employees|' +
        'colleague|colleagues|manager|supervisor|technician|technicians|expert|experts',
    ),
    phrase('human', 'being|beings'),
  ],
  team: [
    phrase('support|helpdesk|team|sales|reception|hotline'),
    phrase('help|service', 'desk'),
    phrase('customer|customers', 'service|services|support|care'),
  ],
  link: word(
    'to|with|me|us|through|over|in|touch|a|an|the|some|one|of|your|you|real|live|actual|' +
      'human|proper|member|members|this|it|from|help|assistance|for|directly|please|someone|again',
  ),
  of: word('from|of|at|in'),
  prepositions: word('to|with|through|from'),
  lead: word(
    'i|we|me|us|can|could|may|might|would|will|shall|should|do|please|pls|plz|want|wanna|need|' +
      'd|like|love|to|let|just|really|how|where|is|it|possible|there|a|way|any|anyway|hi|hello|' +
      'hey|ok|okay|m|am|trying|try|rather|prefer|id|im|still|now|actually|also|quickly|already|' +
      'again|yes|yeah|so|ll|urgently|finally|kindly|you',
  ),
  wantLead: word(
    'i|we|d|would|really|just|still|also|actually|please|hi|hello|hey|so|now|can|could|may|m|' +
      'am|ok|okay|yes|yeah|rather|honestly|only|id|im|ll|will|kindly|urgently|finally|then|sorry',
  ),
  tail: word(
    'please|pls|plz|about|regarding|concerning|for|on|now|today|asap|right|immediately|instead|' +
      'directly|who|that|to|from|at|here|in|of|thanks|thank|if|because|soon|again|quickly|' +
      'urgently|with|rather|via|by|as|real|quick|personally|live|there|then|so|and',
  ),
  between: word('i|we|can|could|may|might|will|would|to|please|actually|really'),
  asker: word('i|we|me|us|id|im'),
  objects: word('me|us'),
  breaks: word('and|but|or|so|because|then|since|while|although|though|whereas'),
  alone: word('please|pls|plz|hi|hello|hey|a|an|the|real|live|actual|human|now|thanks|thank|you'),
  topic: word('about|regarding|concerning|re'),
};

const es: PersonWords = {
  reach: [
    phrase(
      'hablar|hablo|hable|hablemos|hablaria|charlar|chatear|conversar|contactar|contactarme|' +
        'contacto|contacta|contacte|llamo|comunico|' +
        'contactenme|comunicarme|comunicarnos|llamar|llamarme|atender|atienda|atiendan|' +
        'atiendame|atiendanme|escribirle|escribir|consultar|tratar',
    ),
    phrase(
      '(?:pasa|pase|pasen|pasar|conecta|conecte|conectar|transfiere|transfiera|transferir|' +
        'deriva|derive|derivar|comunica|comunique|comunicar|pon|ponga|poner|pongan)(?:me|nos)',
    ),
    needsObject(
      'pasa|pase|pasen|pasar|conecta|conecte|conectar|transfiere|transfiera|transferir|deriva|' +
        'derive|derivar|comunica|comunique|comunicar|pon|ponga|poner|pongan',
    ),
    phrase('ser|estar', 'atendido|atendida|transferido|transferida|derivado|derivada'),
  ],
  want: [
    phrase('quiero|quisiera|queria|deseo|desearia|prefiero|preferiria|pido|solicito|queremos'),
    phrase('gustaria|encantaria'),
    need('necesito|necesitamos|necesitaria|requiero'),
  ],
  person: [
    phrase(
      'persona|personas|humano|humanos|humana|alguien|agente|agentes|asesor|asesora|asesores|' +
        'asesoras|operador|operadora|operadores|representante|representantes|empleado|' +
        'empleada|empleados|ejecutivo|ejecutiva|especialista|especialistas|consultor|' +
        'consultora|tecnico|tecnica|tecnicos|encargado|encargada|gente|trabajador|trabajadora|' +
        'experto|experta|expertos',
    ),
    phrase('ser', 'humano'),
  ],
  team: [
    phrase('soporte|equipo|ventas'),
    phrase('atencion|servicio', 'al|a|de', 'cliente|clientes'),
    phrase('mesa|centro', 'de', 'ayuda'),
  ],
  link: word(
    'con|a|al|un|una|el|la|los|las|algun|alguna|alguno|de|del|su|sus|vuestro|vuestra|real|' +
      'verdadera|verdadero|humano|humana|me|nos|en|contacto|por|favor|directamente|uno|ustedes|' +
      'miembro|parte|ya|ahora|le',
  ),
  of: word('de|del|en'),
  prepositions: word('con|a|al|de|del'),
  lead: word(
    'yo|quiero|quisiera|queria|necesito|necesitaria|necesitamos|me|gustaria|encantaria|puedo|' +
      'podria|podemos|pudiera|como|donde|hay|alguna|algun|manera|forma|modo|es|posible|se|' +
      'puede|pueden|podrian|por|favor|hola|buenas|buenos|dias|tardes|noches|desearia|deseo|' +
      'para|poder|prefiero|preferiria|queremos|nos|que|seria|mejor|ahora|ya|solo|solamente|' +
      'tambien|realmente|porfavor|porfa|oye|disculpe|perdon|bueno|vale|le|usted|ustedes|podrias|de',
  ),
  wantLead: word(
    'yo|me|nos|hola|buenas|buenos|dias|tardes|noches|por|favor|realmente|solo|solamente|ahora|' +
      'tambien|ya|porfavor|porfa|bueno|vale|oye|disculpe|perdon|le|si',
  ),
  tail: word(
    'por|favor|para|sobre|acerca|de|del|que|ahora|ya|hoy|urgente|real|humana|humano|' +
      'verdadera|verdadero|porfavor|porfa|gracias|con|respecto|inmediatamente|pronto|' +
      'directamente|en|mismo|cuanto|y',
  ),
  between: word('que|pueda|me|por|favor|ya|ahora'),
  asker: word(
    'yo|me|nos|quiero|quisiera|necesito|puedo|deseo|prefiero|queremos|necesitamos|podemos',
  ),
  objects: word('me|nos'),
  breaks: word('y|pero|o|porque|entonces|pues|aunque|sino'),
  alone: word(
    'por|favor|hola|un|una|real|humano|humana|ya|gracias|porfavor|porfa|buenas|ahora|verdadera',
  ),
  topic: word('sobre|acerca|respecto|para'),
};

const fr: PersonWords = {
  reach: [
    phrase(
      'parler|discuter|echanger|joindre|contacter|appeler|telephoner|causer|dialoguer|' +
        'converser|ecrire|parle|discute|joindrai',
    ),
    phrase('entrer|rentrer', 'en', 'contact|relation'),
    phrase('prendre', 'contact'),
    phrase('etre', 'mis|mise|mises', 'en', 'relation|contact'),
    phrase(
      'etre',
      'rappele|rappelee|recontacte|recontactee|contacte|contactee|transfere|transferee',
    ),
    needsObject(
      'mettre|mettez|mets|mettiez|passer|passez|passe|transferer|transferez|transfere|' +
        'rediriger|redirigez|redirige|orienter|orientez|oriente|connecter|connectez|diriger|' +
        'dirigez|rappeler|rappelez|recontacter|recontactez',
    ),
  ],
  want: [
    phrase(
      'veux|voudrais|voudrions|voulons|aimerais|aimerions|souhaite|souhaitons|souhaiterais|' +
        'souhaiterions|prefere|prefererais|demande|desire|desirerais|exige',
    ),
    need('ai|avons', 'besoin'),
    need('faut'),
  ],
  person: [
    phrase(
      'humain|humains|humaine|personne|personnes|quelquun|conseiller|conseillers|conseillere|' +
        'conseilleres|agent|agents|operateur|operateurs|operatrice|interlocuteur|interlocutrice|' +
        'representant|representante|representants|employe|employee|employes|collaborateur|' +
        'collaboratrice|technicien|technicienne|specialiste|expert|experte|gens|responsable',
    ),
    phrase('etre', 'humain'),
  ],
  team: [
    phrase('support|equipe|assistance|sav|hotline'),
    phrase('service', 'client|clients|clientele|apres-vente|commercial'),
  ],
  link: word(
    'a|au|aux|avec|un|une|le|la|l|les|des|d|de|du|vrai|vraie|veritable|reel|reelle|humain|' +
      'humaine|me|m|moi|nous|en|relation|contact|votre|vos|etre|directement|membre|parmi|vite',
  ),
  of: word('de|d|du|des|au'),
  prepositions: word('a|au|aux|avec|de|d|du|des'),
  lead: word(
    'je|j|nous|on|veux|voudrais|voudrions|voulons|aimerais|aimerions|souhaite|souhaiterais|peux|' +
      'puis|pourrais|pourrions|pouvons|pourriez|pouvez|vous|est|ce|que|qu|il|possible|comment|' +
      'ou|y|a|t|moyen|bonjour|salut|bonsoir|svp|s|plait|me|m|faut|dois|besoin|ai|de|d|pour|' +
      'serait|bien|vraiment|juste|aussi|alors|merci|donc|stp|maintenant|enfin|oui|ok|avons|' +
      'prefere|prefererais|desire|rapidement|urgence|urgent',
  ),
  wantLead: word(
    'je|j|nous|on|bonjour|salut|bonsoir|svp|s|il|vous|plait|vraiment|juste|aussi|alors|' +
      'maintenant|donc|enfin|oui|ok|moi|merci|stp|me|m|nous',
  ),
  tail: word(
    'svp|s|il|vous|plait|merci|pour|sur|concernant|au|a|de|d|des|du|qui|car|maintenant|' +
      'rapidement|directement|aujourdhui|humain|humaine|reel|reelle|vrai|vraie|propos|stp|en|' +
      'par|afin|immediatement|si|physique|et|vite|svp',
  ),
  between: word('que|je|puisse|puis|me|m|svp|vite'),
  asker: word('je|j|nous|moi|me|m'),
  objects: word('me|m|moi|nous'),
  breaks: word('et|mais|ou|car|donc|puisque|parce|sinon'),
  alone: word(
    'un|une|s|il|vous|plait|svp|bonjour|salut|vrai|vraie|humain|humaine|merci|stp|reel|reelle|' +
      'physique',
  ),
  topic: word('pour|concernant|propos|sujet|sur'),
};

const de: PersonWords = {
  reach: [
    phrase(
      'sprechen|spreche|sprich|reden|rede|chatten|chatte|telefonieren|erreichen|erreiche|' +
        'kontaktieren|kontaktiere|anrufen|schreiben|unterhalten|verbunden|weitergeleitet|' +
        'durchgestellt|zuruckgerufen|kontaktiert',
    ),
    phrase('in', 'kontakt', 'treten|kommen|setzen'),
    needsObject(
      'verbinden|verbinde|verbindet|weiterleiten|leiten|leite|leitet|stellen|stellt|stelle|' +
        'durchstellen|zuruckrufen|rufen|ruft|kontaktieren|vermitteln|vermittelt',
    ),
  ],
  want: [
    phrase('mochte|mochten|will|wollen|wurde|wurden|hatte|hatten|wunsche|wunschen|verlange'),
    need('brauche|brauchen|benotige|benotigen'),
  ],
  person: [
    phrase(
      'mensch|menschen|person|personen|jemand|jemanden|jemandem|mitarbeiter|mitarbeiterin|' +
        'mitarbeiterinnen|mitarbeitern|berater|beraterin|beratern|ansprechpartner|' +
        'ansprechpartnerin|ansprechpartnern|agent|agenten|agentin|servicemitarbeiter|' +
        'servicemitarbeiterin|sachbearbeiter|sachbearbeiterin|kundenberater|kundenberaterin|' +
        'betreuer|betreuerin|operator|kollege|kollegen|kollegin|techniker|technikerin|experte|' +
        'experten|expertin|angestellte|angestellten|menschenseele',
    ),
  ],
  team: [
    phrase(
      'support|kundendienst|kundenservice|kundensupport|helpdesk|team|vertrieb|hotline|' +
        'service|servicecenter|kundenbetreuung|servicetelefon',
    ),
  ],
  link: word(
    'mit|an|zu|zum|zur|einem|einen|einer|ein|eine|dem|den|der|die|das|ihrem|ihren|ihrer|ihre|' +
      'echten|echtem|echte|echter|richtigen|richtigem|richtige|richtiger|menschlichen|' +
      'menschlichem|bitte|mich|uns|sie|kurz|direkt|gern|gerne|doch|mal|vom|von|aus|eurem|' +
      'euren|technischen|lebenden|lebendigen|personlich|jetzt|sofort|weiter|ich|wir',
  ),
  of: word('vom|von|aus|im|der|beim'),
  prepositions: word('mit|an|zu|zum|zur|vom|von'),
  lead: word(
    'ich|wir|mochte|mochten|will|wollen|wurde|wurden|gern|gerne|kann|konnte|konnen|konnten|' +
      'darf|durfen|bitte|wie|wo|gibt|es|eine|moglichkeit|hallo|guten|tag|morgen|abend|mal|' +
      'kurz|doch|vielleicht|jetzt|auch|brauche|hatte|lieber|ist|sie|mich|uns|dringend|hi|hey|' +
      'ja|ok|okay|also|nun|sofort|direkt|einmal|muss|soll|sollte|man|kannst|konntest|du|' +
      'bitteschon|entschuldigung|irgendwie|lasst|lassen',
  ),
  wantLead: word(
    'ich|wir|bitte|hallo|guten|tag|morgen|abend|jetzt|auch|lieber|dringend|hi|hey|ja|ok|okay|' +
      'also|nun|sofort|einfach|nur|eigentlich|gern|gerne',
  ),
  tail: word(
    'bitte|sprechen|reden|verbinden|verbunden|werden|weiter|durch|erreichen|zu|uber|wegen|' +
      'bezuglich|jetzt|sofort|danke|kontaktieren|chatten|telefonieren|personlich|um|fur|heute|' +
      'dringend|schreiben|haben|und|zuruckrufen|kontaktiert|weitergeleitet|am|im|per|via',
  ),
  between: word(
    'zu|bitte|kurz|direkt|gern|gerne|mal|jetzt|sofort|personlich|telefonisch|gleich|heute|dringend|werden',
  ),
  asker: word('ich|wir|mich|uns|mir'),
  objects: word('mich|uns'),
  breaks: word('und|aber|oder|denn|weil|sondern|dann'),
  alone: word(
    'bitte|hallo|einen|ein|eine|echten|echte|echter|jetzt|danke|sofort|mal|richtigen|' +
      'richtige|menschlichen',
  ),
  topic: word('wegen|bezuglich|zu|uber|zum|zur'),
};

/** Arabic: optional attached conjunction (و ف) and preposition (ب ل ك) and article (ال). */
const AR_PRE = '(?:و|ف)?(?:ب|ل|ك)?(?:ال|لل)?';

const ar: PersonWords = {
  reach: [
    phrase(
      `(?:و|ف)?(?:ل|ب)?(?:ال)?(?:ا|ن|ت|ي)?(?:تحدث|تكلم|تواصل|كلم|اتصل|اتصال|تصل|محادثه|مكالمه|` +
        `كلام|دردش|دردشه|مراسله|راسل)(?:ني|نا|وا|ه)?`,
    ),
    phrase('(?:و|ف)?(?:ا)?(?:حول|حولو|وصل|اوصل|ربط|اربط|تحويل|توصيل)(?:ني|نا|ي)'),
  ],
  want: [
    phrase(
      '(?:و|ف)?(?:اريد|نريد|اود|نود|ارغب|نرغب|ابغي|نبغي|ابي|بدي|بدنا|عايز|عاوز|عايزه|اطلب|نطلب|' +
        'اتمني|افضل|حاب|حابب)',
    ),
    need('(?:و|ف)?(?:احتاج|نحتاج|محتاج|محتاجه|يلزمني)'),
  ],
  person: [
    phrase(
      `${AR_PRE}(?:موظف|شخص|اشخاص|انسان|بشر|مندوب|ممثل|مستشار|وكيل|فني|مختص|اخصائي|مسؤول|` +
        `مسئول|اناس|خبير)(?:ه|ا|ين|ون|ات|هم)?`,
    ),
    phrase(`${AR_PRE}(?:موظفي|بشري)`),
    phrase('(?:و|ف)?(?:ب|ل)?(?:احد|احدا|احدهم|احدكم)'),
  ],
  team: [
    phrase(`${AR_PRE}(?:دعم|فريق|مبيعات)`),
    phrase(`${AR_PRE}خدمه`, '(?:ال)?(?:عملاء|زبائن|عميل)'),
  ],
  link: word(
    '(?:و)?(?:مع|الي|لدي|من|حقيقي|حقيقيه|حقيقيا|بشري|بشريه|بشريا|قسم|في|عند|احد|ب|ل|مباشره|فني|' +
      'الفني)',
  ),
  of: word('(?:و)?(?:من|في)'),
  prepositions: word('مع|الي|ب|ل|عند|لدي'),
  lead: word(
    '(?:و|ف)?(?:انا|نحن|هل|ممكن|يمكنني|يمكن|يمكننا|امكن|استطيع|نستطيع|اريد|نريد|اود|نود|احتاج|' +
      'نحتاج|ارغب|نرغب|كيف|لو|سمحت|سمحتم|من|فضلك|فضلكم|مرحبا|السلام|عليكم|اهلا|الرجاء|ارجو|' +
      'رجاء|ان|ابغي|بدي|عايز|عاوز|اتمني|اطلب|فقط|الان|اين|هناك|طريقه|اي|لي|حاب|حابب|ابي|يا|ودي|' +
      'اقدر|نقدر|اريده|بامكاني|بامكاننا|اتمكن|علي|الي)',
  ),
  wantLead: word(
    '(?:و|ف)?(?:انا|نحن|لو|سمحت|من|فضلك|مرحبا|السلام|عليكم|اهلا|الرجاء|ارجو|رجاء|فقط|الان|حقا|' +
      'فعلا|يا|اخي|اختي)',
  ),
  tail: word(
    '(?:و)?(?:من|فضلك|لو|سمحت|حقيقي|حقيقيه|حقيقيا|بشري|بشريه|بشريا|الان|حالا|بخصوص|حول|عن|في|لان|' +
      'لاني|رجاء|' +
      'شكرا|بسرعه|مباشره|لكي|كي|ليساعدني|يساعدني|لمساعدتي|الفني|فني|اذا|ممكن)',
  ),
  between: word('(?:انا|ان|اريد|فقط|الان)'),
  asker: word(
    '(?:و|ف)?(?:انا|نحن|اريد|نريد|اود|نود|احتاج|نحتاج|يمكنني|يمكننا|استطيع|نستطيع|ابغي|بدي|اقدر|لي)',
  ),
  objects: word('(?!)'),
  breaks: word('لكن|ولكن|او|ثم|لان|بل|حيث'),
  alone: word('(?:من|فضلك|لو|سمحت|مرحبا|حقيقي|بشري|الان|رجاء|حالا|اريد)'),
  topic: word('(?:بخصوص|حول|عن|بشان)'),
};

export const PERSON_WORDS: Record<Language, PersonWords> = { en, es, fr, de, ar };
