/**
 * The phrases around a question in a customer's mail, in the console's five languages (en, es,
 * fr, de, ar): greetings, sign-offs, pleasantries, the polite framing of a question and the
 * words that open one. Where the quoted thread and the signature start: mail-thread-phrases.ts.
 *
 * Every pattern is written against folded text (mail-questions.ts `fold`): lower case, no
 * accents, ß as ss, typographic apostrophes as ', Arabic letters in one form (alef with hamza
 * or madda as bare alef, teh marbuta as heh, alef maksura as yeh, no diacritics or tatweel).
 * So "Grüße", "Grüsse" and "grusse", or "مرحباً" and "مرحبا", are one pattern each.
 *
 * They are patterns of how people open and close letters, not phrases of particular mails.
 */

const any = (parts: readonly string[]) => `(?:${parts.join('|')})`;
/** End of a word: JavaScript's \b knows ASCII letters only, which Arabic is not. */
const END = '(?![\\p{L}\\p{N}])';

const GREETINGS = [
  // en
  'hi',
  'hello',
  'hey',
  'hiya',
  'howdy',
  'dear',
  'greetings',
  'good (?:morning|afternoon|evening|day)',
  'morning',
  'to whom it may concern',
  // fr
  'bonjour',
  'bonsoir',
  'salut',
  'coucou',
  'chere?s?',
  'madame',
  'monsieur',
  'mesdames',
  'messieurs',
  // de
  'hallo',
  'guten (?:morgen|tag|abend)',
  'sehr geehrte[rs]?',
  'liebe[rs]?',
  'servus',
  'moin',
  'gruss gott',
  'gruezi',
  // es
  'hola',
  'buen(?:os|as)? (?:dias?|tardes|noches)',
  'estimad[oa]s?',
  'querid[oa]s?',
  'senor(?:a|es|as)?',
  'muy senor(?:es)? mios?',
  'a quien corresponda',
  // ar
  'مرحبا',
  'اهلا(?: وسهلا)?',
  'السلام عليكم(?: ورحمه الله(?: وبركاته)?)?',
  'سلام',
  'عزيز(?:ي|تي)',
  'الاعزاء',
  'صباح الخير',
  'مساء الخير',
  'تحيه طيبه(?: وبعد)?',
  'حضره',
  'الساده',
  'السيد(?:ه)?',
  'سيد(?:ي|تي)',
  'الي من يهمه الامر',
];

/** A greeting and what may follow it on its line: a name, "team", "all" (a few words). */
export const GREETING = new RegExp(`^${any(GREETINGS)}${END}`, 'u');

const CLOSINGS = [
  // en
  "(?:many )?thanks?(?: you)?(?: (?:so|very) much| a lot| a million)?(?: again| in advance)?(?: for [\\p{L}']+(?: [\\p{L}']+){0,5})?",
  'thx',
  'cheers',
  '(?:best|kind|kindest|warm|warmest|many) regards',
  'regards',
  'thanks (?:and|&) regards',
  'best(?: wishes)?',
  'all the best',
  '(?:yours )?(?:sincerely|faithfully|truly)(?: yours)?',
  'respectfully',
  'take care',
  'have a (?:nice|great|good|lovely) (?:day|weekend|evening|week)',
  "(?:i am |i'm |we are |we're )?looking forward to (?:hearing from you|your (?:reply|response|answer))",
  'talk soon',
  'br',
  'rgds',
  // fr
  "merci(?: beaucoup| bien| encore| infiniment)?(?: d'avance| par avance)?(?: pour [\\p{L}']+(?: [\\p{L}']+){0,4})?",
  "en vous remerciant(?: par avance| d'avance)?",
  '(?:bien |tres )?cordialement',
  'bien a (?:vous|toi)',
  '(?:sinceres |meilleures |mes |nos )?salutations(?: distinguees| cordiales| respectueuses)?',
  'amicalement',
  'bonne (?:journee|soiree|fin de journee|semaine)',
  'a bientot',
  "(?:veuillez|je vous prie d'|nous vous prions d')\\s?agreer.*",
  "dans l'attente de (?:votre|vous lire).*",
  // de
  "danke(?: schon| sehr| vielmals)?(?: im voraus)?(?: fur [\\p{L}']+(?: [\\p{L}']+){0,4})?",
  'dankeschon',
  "(?:vielen|besten|herzlichen) dank(?: im voraus)?(?: fur [\\p{L}']+(?: [\\p{L}']+){0,4})?",
  '(?:mit )?(?:freundlichen|besten|lieben|herzlichen|schonen|vielen) grussen?',
  '(?:freundliche|beste|liebe|herzliche|schone|viele) grusse',
  'grusse?',
  'gruss',
  'mfg',
  'lg',
  'vg',
  'schonen tag(?: noch)?',
  'bis bald',
  'ich freue mich auf ihre (?:antwort|ruckmeldung)',
  // es
  "(?:muchas |mil )?gracias(?: de antemano| por adelantado| mil)?(?: por [\\p{L}']+(?: [\\p{L}']+){0,4})?",
  '(?:un )?saludos?(?: cordiales)?',
  'un (?:cordial|afectuoso) saludo',
  'atentamente',
  'cordialmente',
  'un abrazo',
  'quedo (?:atent[oa]|a la espera|a su disposicion).*',
  'que tenga[sn]? (?:un )?buen dia',
  'muy agradecid[oa]s?',
  // ar
  'و?شكرا(?: جزيلا| لكم| لك| مقدما)?',
  'مع (?:خالص |اطيب |اجمل )?(?:التحيه|التحيات|تحياتي|الشكر|التقدير|الاحترام)(?: و(?:التقدير|الاحترام|الشكر))?',
  'تحياتي',
  'وتفضلوا بقبول.*',
  'دمتم (?:بخير|سالمين)',
  'شاكرين (?:لكم|لك).*',
  'و?لكم جزيل الشكر',
  '(?:في|ب)انتظار (?:ردكم|ردك).*',
];

/** Words that join two closings: "Thanks and regards", "Merci et bonne journée". */
const JOIN = '(?:[\\s,]*(?:and|&|et|und|y|و)?\\s*)';
/** What may end a line after its closing: punctuation, then perhaps the sender's name. */
const NAME_TAIL = "(?:[\\s,.!;:،\\-–—]+([\\p{L}][\\p{L}.'-]*(?:\\s+[\\p{L}][\\p{L}.'-]*){0,2}))?";

/**
 * A sign-off line: one or more closings, then perhaps the sender's name on the same line
 * ("Thanks, Tom", "Cheers - Anna"). Group 1 is that name, which must be written with capitals
 * in the original (mail-questions.ts checks), so "Thanks for the manual" is no sign-off.
 */
export const CLOSING_LINE = new RegExp(
  `^${any(CLOSINGS)}(?:${JOIN}${any(CLOSINGS)})*${NAME_TAIL}[\\s,.!;:،]*$`,
  'du',
);

/** Sentences that are courtesy only: thanks, wishes, apologies, introductions. */
export const PLEASANTRY = new RegExp(
  `^${any([
    // en
    '(?:many )?thanks?',
    'thank you',
    '(?:i |we )?hope (?:you|this|that|all|everything|your)',
    '(?:i |we )?(?:look|am looking|are looking) forward',
    'looking forward',
    'sorry (?:to|for)',
    '(?:please )?excuse (?:me|my)',
    'my name is',
    'i am (?:a|an|the) (?:customer|user|owner)',
    'have a (?:nice|great|good) ',
    // fr
    'merci',
    "j'espere que",
    '(?:desole|desolee|excusez-moi) (?:de|pour)',
    "je m'appelle",
    'au plaisir',
    "dans l'attente",
    // de
    'danke',
    '(?:vielen|besten|herzlichen) dank',
    'ich hoffe',
    'entschuldigen sie',
    'mein name ist',
    'ich heisse',
    'ich freue mich',
    // es
    '(?:muchas )?gracias',
    'espero que',
    '(?:disculpe|disculpa|perdon|perdone) (?:la|las|por|que)',
    'me llamo',
    'mi nombre es',
    'quedo a la espera',
    'en espera de',
    // ar
    'و?شكرا',
    '(?:اتمني|ارجو|نرجو) ان (?:تكون|تكونوا|يكون|تكوني)',
    'اسمي',
    '(?:في|ب)انتظار',
    'اعتذر',
  ])}${END}`,
  'u',
);

const FRAMINGS = [
  // en
  '(?:please )?(?:could|can|would|will) (?:you|someone|anyone) (?:please |kindly )?(?:tell|let) (?:me|us) (?:know )?(?:if |whether )?',
  '(?:please )?(?:could|can|would|will) (?:you|someone|anyone) (?:please |kindly )?(?:explain|describe|clarify|confirm|advise)(?: to (?:me|us)| (?:me|us))?(?: if| whether| on)?[: ]',
  '(?:could|would) you be (?:so kind as|able) to (?:tell|let) (?:me|us) (?:know )?(?:if |whether )?',
  "(?:i was|i am|i'm|we were|we are|we're) wondering (?:if |whether |about )?",
  'i wonder (?:if|whether) ',
  "(?:i|we)(?:'d| would) (?:like|love) to (?:know|ask|understand|find out|learn)(?: if| whether| about)?[: ]",
  '(?:i|we) (?:want|need|wanted|needed) to (?:know|ask|understand|find out)(?: if| whether| about)?[: ]',
  '(?:do|does) (?:you|anyone|anybody|someone|somebody) know (?:if |whether )?',
  '(?:please )?(?:let (?:me|us) know|tell (?:me|us)|advise|explain|describe)(?: if| whether)?[: ]',
  'please (?:send|give|provide|share|forward) (?:me|us) ',
  '(?:may|can|could) i ask (?:you )?(?:if |whether )?',
  "(?:i have|i've got|we have|here is|here's) (?:a|one|another|two|three|some|a few|one more|a couple of) (?:quick |short |small |further |more )?(?:questions?|queries|query)(?: (?:about|regarding|concerning|on))?[:,.]? ?",
  '(?:(?:a|one|my|another|our|one more|just one|just a) )?(?:(?:quick|short|small|further|first|second|third|last|next|other|main|follow-up) )?(?:question|query)(?: is)?: ',
  "(?:i am|i'm|we are|we're) (?:writing|contacting you|reaching out) (?:to ask|to enquire|to inquire|because|regarding|about|with a question)(?: (?:about|regarding|whether|if))? ",
  // what is left of "I was wondering whether you could tell me …", and its grateful forms
  "(?:(?:i|we)(?:'d| would) (?:be (?:very |most |really |so )?(?:grateful|thankful|glad|happy|obliged)|(?:really |greatly )?appreciate(?: it)?) if )?(?:you|someone|anyone) (?:could|can|would|might) (?:please |kindly )?(?:tell|let|inform|advise|show) (?:me|us)(?: know)?(?: if| whether| on| about)?[: ]",
  "(?:(?:i|we)(?:'d| would) (?:be (?:very |most |really |so )?(?:grateful|thankful|glad|happy|obliged)|(?:really |greatly )?appreciate(?: it)?) if )?(?:you|someone|anyone) (?:could|can|would|might) (?:please |kindly )?(?:explain|describe|clarify|confirm)(?: to (?:me|us)| (?:me|us))?(?: if| whether| on)?[: ]",
  '(?:would|do) you mind (?:telling|letting|showing) (?:me|us)(?: know)?(?: if| whether)?[: ]',
  '(?:would|do) you mind explaining(?: to (?:me|us))?(?: if| whether)?[: ]',
  '(?:is it|would it be) possible (?:for you )?to (?:tell|let) (?:me|us)(?: know)?(?: if| whether)?[: ]',
  '(?:do|does) (?:you|anyone|anybody|someone|somebody) happen to know (?:if |whether )?',
  '(?:can|could) you help (?:me|us) (?:to )?(?:understand|figure out|find out)(?: if| whether)?[: ]',
  '(?:do you have )?any idea(?:s)?,? (?:if |whether |on |about )?',
  "(?:i am|i'm|we are|we're) (?:trying|looking|hoping) to (?:find out|understand|figure out|learn)(?: if| whether)?[: ]",
  "(?:i am|i'm|we are|we're) (?:not sure|unsure|not clear)(?: about)? (?:if |whether )",
  "(?:i am|i'm|we are|we're|i|we) (?:writing|write|contacting you|reaching out) (?:to you )?(?:about|regarding|concerning|with regard to|in regard to|with respect to|in connection with) ",
  // fr
  "(?:je voudrais|j'aimerais|je souhaiterais|je souhaite|nous voudrions|nous aimerions|je veux) (?:savoir|connaitre|comprendre|demander)(?: si)?[ :]",
  "(?:pourriez|pouvez|pourrais|peux)[- ](?:vous|tu) (?:me |m'|nous )?(?:dire|indiquer|expliquer|preciser|confirmer)(?: si)?[ :]",
  "(?:est-ce que )?(?:vous pourriez|vous pouvez|tu peux|tu pourrais) (?:me |m'|nous )?(?:dire|indiquer|expliquer|preciser)(?: si)?[ :]",
  '(?:savez|sauriez)[- ]vous (?:si )?',
  'je me demand(?:ais|e) (?:si )?',
  "(?:merci de|je vous remercie de) (?:me |m'|nous )?(?:dire|indiquer|preciser|communiquer|confirmer)(?: si)?[ :]",
  "(?:j'ai|nous avons|j'aurais|nous aurions) (?:une|deux|trois|quelques|une autre|encore une) (?:petite |courte )?(?:questions?|demandes?)(?: (?:sur|concernant|au sujet de|a propos de))?[:,.]? ?",
  "(?:auriez|avez)[- ]vous l'amabilite de (?:me |m'|nous )?(?:dire|indiquer)(?: si)?[ :]",
  "(?:merci de |pourriez-vous |pouvez-vous )?(?:m'envoyer|me faire parvenir|nous envoyer) ",
  "(?:je voulais|nous voulions|j'aurais voulu|j'aurais aime|je souhaitais) (?:savoir|connaitre|comprendre|(?:vous )?demander)(?: si)?[ :]",
  "(?:serait|est)-il possible de (?:savoir|(?:me |m'|nous )(?:dire|indiquer|preciser|expliquer|confirmer))(?: si)?[ :]",
  "(?:je vous serais|nous vous serions) (?:tres |bien )?reconnaissante?s? de (?:bien vouloir )?(?:me |m'|nous )?(?:dire|indiquer|preciser|expliquer|confirmer)(?: si)?[ :]",
  "(?:je me permets|nous nous permettons) de vous (?:ecrire|contacter|solliciter|ecrire|interroger) (?:au sujet de|au sujet d'|concernant|a propos de|a propos d'|pour|car) ?",
  "(?:je vous ecris|nous vous ecrivons|je vous contacte|nous vous contactons) (?:au sujet de|au sujet d'|concernant|a propos de|a propos d'|pour) ?",
  '(?:(?:une|ma|une autre|encore une|derniere) )?(?:(?:petite|courte|derniere|autre|premiere|seconde|deuxieme) )?question ?: ',
  // de
  '(?:konnten|konnen|wurden) sie (?:mir|uns) (?:bitte )?(?:sagen|mitteilen|erklaren|erlautern|bestatigen)(?:,? ob)?[,: ]',
  '(?:ich|wir) (?:wurde|wurden|mochte|mochten|wollte|wollten) (?:gerne? )?(?:wissen|fragen|erfahren)(?:,? ob)?[,: ]',
  '(?:ich|wir) (?:frage|fragen) (?:mich|uns)(?:,? ob)?[,: ]',
  'wissen sie(?:,? ob)?[,: ]',
  'darf ich fragen(?:,? ob)?[,: ]',
  'bitte (?:teilen|sagen) sie (?:mir|uns)(?: mit)?(?:,? ob)?[,: ]',
  '(?:bitte )?(?:schicken|senden|geben) sie (?:mir|uns)(?: bitte)? ',
  '(?:ich habe|wir haben|ich hatte|wir hatten) (?:eine|zwei|drei|ein paar|noch eine|eine kurze) (?:kurze |weitere |kleine )?fragen?(?: (?:zu|zum|zur|bezuglich|uber))?[:,.]? ?',
  '(?:eine )?(?:kurze|weitere) frage: ',
  '(?:waren|wurden|sind|seien) sie (?:bitte )?so (?:freundlich|nett|gut),? (?:und )?(?:mir|uns) (?:zu )?(?:sagen|erklaren|mitzuteilen|zu sagen|zu erklaren|zu bestatigen)(?:,? ob)?[,: ]',
  '(?:mich|uns) (?:wurde|wurden|wurde es) (?:sehr |brennend )?interessieren(?:,? ob)?[,: ]',
  '(?:es )?(?:wurde|interessiert) (?:mich|uns) (?:sehr )?(?:interessieren)?(?:,? ob)?[,: ]',
  '(?:ich|wir) (?:hatte|hatten) gerne? gewusst(?:,? ob)?[,: ]',
  '(?:ich|wir) (?:wusste|wussten) (?:gerne?|sehr gerne?)(?:,? ob)?[,: ]',
  '(?:konnen|konnten) sie (?:mir|uns) (?:bitte )?(?:helfen|weiterhelfen)(?:,? ob)?[,: ]',
  '(?:ich|wir) (?:schreibe|schreiben|wende mich an sie|wenden uns an sie|melde mich|melden uns)(?: ihnen)? (?:wegen|bezuglich|zu|zum|zur|uber|in sachen|im zusammenhang mit) ',
  '(?:(?:eine|meine|noch eine) )?(?:(?:kurze|weitere|kleine|letzte|andere|erste|zweite) )?frage ?: ',
  // es
  '(?:me |nos )?(?:podria|podrian|puede|pueden|podrias|puedes) (?:usted(?:es)? )?(?:decir|indicar|explicar|informar|confirmar|aclarar)(?:me|nos)?(?: si)?[ :]',
  '(?:quisiera|quisieramos|queria|queriamos|quiero|queremos|necesito|necesitamos|me gustaria|nos gustaria) (?:saber|preguntar|conocer|consultar)(?: si)?[ :]',
  '(?:sabe|saben|sabes) (?:usted(?:es)? )?si ',
  'me pregunt(?:o|aba) si ',
  '(?:por favor,? )?(?:envienme|enviame|mandenme|mandame|me (?:pueden|podrian|puede|podria) (?:enviar|mandar)) ',
  '(?:tengo|tenemos|tendria|tendriamos) (?:una|dos|tres|algunas|unas|otra) (?:pequena |breve )?(?:preguntas?|consultas?|dudas?)(?: (?:sobre|acerca de|respecto a|respecto de))?[:,.]? ?',
  '(?:seria|serian) (?:usted(?:es)? )?tan amables? de (?:decir|indicar|explicar|informar|confirmar|aclarar)(?:me|nos)(?: si)?[ :]',
  '(?:le|les) (?:agradeceria|agradeceriamos|estaria agradecid[oa]) (?:mucho )?(?:que|si) (?:me|nos) (?:indicara|indicaran|dijera|dijeran|explicara|explicaran|informara|informaran|confirmara|confirmaran|(?:pudiera|pudieran) (?:indicar|decir|explicar|informar|confirmar))(?: si)?[ :]',
  '(?:queria|quisiera|quiero|queriamos|quisieramos) (?:preguntar|consultar)(?:le|les)?(?: si)?[ :]',
  '(?:sabria|sabrian) (?:usted(?:es)? )?(?:decir|indicar|explicar)(?:me|nos)(?: si)?[ :]',
  '(?:me|nos) (?:podria|podrian|puede|pueden) (?:usted(?:es)? )?(?:decir|indicar|explicar|informar|confirmar|aclarar)(?: si)?[ :]',
  '(?:le|les|os|te) (?:escribo|escribimos|contacto|contactamos) (?:en relacion (?:con|a)|con respecto a|respecto a|sobre|acerca de|por|para consultar(?:le|les)? sobre) ',
  '(?:me pongo|nos ponemos) en contacto con (?:usted(?:es)?|vosotros) (?:en relacion (?:con|a)|con respecto a|respecto a|sobre|acerca de|por) ',
  '(?:(?:una|mi|otra) )?(?:(?:pequena|breve|ultima|primera|segunda) )?(?:pregunta|consulta|duda) ?: ',
  // ar
  '(?:هل )?(?:يمكنك|يمكنكم|تستطيع|تستطيعون|بامكانك|بامكانكم|ممكن) (?:ان )?(?:تخبرني|تخبروني|اخباري|تخبرنا|اخبارنا|توضيح|توضحوا لي|توضح لي|تفيدني|تفيدوني|افادتي)(?: عن| بما| اذا| ان كان)?[ :،]',
  '(?:اود|اريد|ارغب|نود|نريد|نرغب) (?:ان )?(?:اعرف|نعرف|معرفه|الاستفسار|الاستعلام|السؤال)(?: عن| حول| اذا| ما اذا| بخصوص)?[ :،]',
  '(?:ارجو|نرجو|الرجاء|يرجي) (?:افادتي|افادتنا|اخباري|اخبارنا|توضيح|التوضيح)(?: عن| بخصوص| حول)?[ :،]',
  '(?:ارجو|نرجو|الرجاء|يرجي) (?:ارسال|تزويدي ب|تزويدنا ب)',
  '(?:لدي|عندي|لدينا|عندنا) (?:سؤال|استفسار|بعض الاسئله|سؤالان|سؤالين|استفساران)(?: (?:عن|حول|بخصوص|بشان))?[:،.]? ?',
  '(?:هل )?(?:من الممكن|بالامكان) (?:ان )?(?:تخبرني|تخبروني|اخباري|تخبرنا|اخبارنا|توضيح|توضحوا لي|توضح لي|تفيدني|تفيدوني|افادتي)(?: عن| بما| اذا| ان كان)?[ :،]',
  '(?:ارغب|نرغب) في (?:معرفه|الاستفسار عن|السؤال عن)(?: اذا| ما اذا)?[ :،]',
  '(?:اتساءل|نتساءل) (?:عما اذا|عن ما اذا|اذا|ما اذا|ان كان|عن)[ :،]',
  '(?:هل )?(?:تعرف|تعرفون|تعلم|تعلمون) (?:اذا|ما اذا|ان كان|هل)[ :،]',
  '(?:اكتب|نكتب) (?:اليكم|اليك|لكم|لك) (?:بخصوص|بشان|حول|عن|فيما يخص|للاستفسار عن) ',
  '(?:اتواصل|نتواصل) معكم (?:بخصوص|بشان|حول|عن|فيما يخص|للاستفسار عن) ',
  '(?:سؤال|استفسار|سؤالي)(?: اخر| سريع| صغير| اخير)? ?: ',
];

/** Words that only join a sentence to the one before: "Also, …", "Und …", "P.S. …". */
export const CONNECTOR = new RegExp(
  `^${any([
    'and',
    'also',
    'plus',
    'additionally',
    'furthermore',
    'moreover',
    'besides',
    'p\\.? ?s\\.?',
    'so',
    'but',
    'aussi',
    'et',
    'egalement',
    'ausserdem',
    'und',
    'auch',
    'ademas',
    'tambien',
    'y',
    'و?كذلك',
    'و?ايضا',
    // a further question announced: "One more thing: …", "Par ailleurs, …"
    '(?:one|just one|and one) (?:more|last|final|other) thing',
    'another thing',
    'by the way',
    'btw',
    'on (?:a|another) (?:related|separate|different|side) note',
    'separately',
    'finally',
    'lastly',
    'par ailleurs',
    'autre chose',
    '(?:une )?derniere chose',
    "d'autre part",
    'de plus',
    'en outre',
    'enfin',
    'noch (?:eine sache|etwas)',
    'ubrigens',
    'zudem',
    'daruber hinaus',
    'abschliessend',
    'por cierto',
    'otra cosa',
    'una (?:ultima )?cosa mas',
    'por otro lado',
    'asimismo',
    'por ultimo',
    'و?بالاضافه (?:الي|لـ?) ذلك',
    'و?علاوه علي ذلك',
    'و?شيء اخر',
    'و?اخيرا',
  ])}${END}[,:]?\\s*`,
  'u',
);

/** Polite framing at the start of a sentence: it asks, but says nothing of what is asked. */
export const FRAMING = new RegExp(`^${any(FRAMINGS)}`, 'u');

/** Courtesy words, wherever they stand: they only add words that no document holds. */
export const COURTESY = new RegExp(
  `[,،]?\\s*(?<![\\p{L}])${any([
    'please',
    'kindly',
    "s'il (?:vous|te) plait",
    'svp',
    'stp',
    'bitte',
    'por favor',
    'من فضلك(?:م)?',
    'لو سمحت(?:م)?',
  ])}${END}[,،]?`,
  'gu',
);

/** Words that open a question even where the writer left out its question mark. */
export const ASKING = new RegExp(
  `^(?:¿\\s*)?${any([
    // en
    "what(?:'s)?",
    'how',
    'where',
    'when',
    'why',
    'which',
    'who(?:m|se)?',
    '(?:is|are) (?:there|it|this|that|the|my|our)',
    '(?:can|could|may|should|shall|must|do|does|did) (?:i|we|you|one|it|the|my|our)',
    'will (?:it|the|my|our|i|we)',
    '(?:is|are|does|do|can) \\p{L}+ (?:possible|able|compatible|available|supported)',
    // fr
    'comment',
    'pourquoi',
    'quand',
    'ou (?:est|sont|se|puis|peut|trouver)',
    'quel(?:le)?s?',
    'combien',
    "qu'est-ce",
    'est-ce',
    'lequel|laquelle|lesquel(?:le)?s',
    'y a-t-il',
    '\\p{L}+-(?:t-)?(?:il|elle|on|ils|elles|je|vous|nous)',
    // de
    'wie',
    'was',
    'wo',
    'wann',
    'warum',
    'weshalb',
    'wieso',
    'welche[rsmn]?',
    'wer',
    'wen',
    'wem',
    'woher',
    'wohin',
    'womit',
    'wofur',
    'worauf',
    'wieviel(?:e)?',
    'gibt es',
    '(?:kann|konnen|muss|mussen|darf|soll|sollte|ist|sind|hat|haben|wird|werden) (?:ich|man|wir|sie|es|das|der|die)',
    // es (the accents tell a question word from a conjunction, so these match the original)
    // ar
    'هل',
    'كيف',
    'ماذا',
    'متي',
    'اين',
    'لماذا',
    'كم',
    'اي',
    'ما (?:هو|هي|الذي|مدي|الفرق)',
  ])}${END}|^ما ال(?=\\p{L})`,
  'u',
);

/** Spanish question words, which need their accent to be told from "como", "que", "donde". */
export const ASKING_ES =
  /^¿?\s*(?:qué|cómo|dónde|cuándo|por qué|cuál(?:es)?|quién(?:es)?|cuánt[oa]s?|se puede|es posible|hay (?:algún|alguna|alguna forma|manera))(?![\p{L}\p{N}])/iu;

/** Words that point back to something named before the question ("How do I clean it?"). */
export const POINTS_BACK = new RegExp(
  `(?<![\\p{L}\\p{N}])${any([
    'it',
    'its',
    'them',
    'they',
    'this one',
    'that one',
    'cela',
    'ca',
    'ceci',
    'celui-ci',
    'celle-ci',
    'ihn',
    'dies(?:es|er)?',
    'davon',
    'damit',
    'dafur',
    'dazu',
    'darauf',
    'lo',
    'esto',
    'eso',
    'ello',
  ])}${END}`,
  'u',
);
