import { describe, expect, it } from 'vitest';
import { personRequest } from './person-request';

/**
 * The hand-over rule read as people write: requests for a person in the five console languages
 * (none of them among the examples the rule was written from), and questions that name people,
 * agents or humans without asking for one.
 */
const REQUESTS: Record<string, string[]> = {
  en: [
    'Could you put me through to a member of your team?',
    'I would rather chat with a live agent.',
    "I'd like to get in touch with customer support about a refund",
    'Is there anybody I can speak to?',
    'Please escalate this to a human.',
    'Get me a real person!',
    'hello, can I talk with someone from sales please',
    "This bot doesn't understand me, I need a human.",
    'Human please',
    'Connect me with an operator now',
    'Where can I reach a representative?',
    'I want to speak to the manager',
    'Can you transfer me to an actual human being?',
    'i need to talk to somebody',
    'Let me speak to a supervisor.',
    'Please have someone contact me',
    'Operator!',
    'Is it possible to chat with one of your staff?',
    'How do I get in touch with a person?',
    'I want a human agent, not a bot',
    'Put me through to customer service please',
    'can i speak to someone in person',
  ],
  es: [
    '¿Me puede pasar con un asesor, por favor?',
    'Prefiero hablar con alguien de atención al cliente',
    'Necesito un operador humano ya',
    'Quisiera comunicarme con un agente',
    'Hola, ¿hay alguna forma de contactar con una persona real?',
    'Pásame con un humano',
    'Me gustaría que me atienda un representante',
    'Quiero conversar con un empleado sobre mi pedido',
    'Una persona, por favor',
    'Quiero hablar con un humano',
    '¿Puedo hablar con alguien del equipo de soporte?',
    'Necesito hablar con una persona urgente',
    'Páseme con un agente por favor',
    '¿Cómo contacto con un asesor?',
    'Me gustaría hablar con un representante de ventas',
    'Agente humano por favor',
  ],
  fr: [
    'Est-ce que je peux parler à quelqu’un du service client ?',
    'Mettez-moi en relation avec un agent, svp',
    'J’aimerais échanger avec un vrai humain',
    'Pourriez-vous me passer un opérateur ?',
    'Je voudrais être mis en relation avec une conseillère',
    "Bonjour, j'ai besoin d'un interlocuteur humain",
    'Comment puis-je joindre votre équipe support ?',
    'Un conseiller s’il vous plaît',
    'Je souhaite contacter un technicien au sujet de ma commande',
    'Je veux parler à un humain',
    'Puis-je discuter avec un agent ?',
    'Passez-moi un conseiller s’il vous plaît',
    'Je voudrais contacter le service client',
    'Il me faut un vrai conseiller',
    'Comment joindre une personne ?',
    'Je préfère parler à une vraie personne',
  ],
  de: [
    'Kann ich bitte mit einem Berater sprechen?',
    'Verbinden Sie mich bitte mit dem Kundendienst.',
    'Ich hätte gern einen echten Menschen am Telefon',
    'Wie erreiche ich einen Ansprechpartner?',
    'Ich möchte jemanden vom Support erreichen',
    'Gibt es eine Möglichkeit, mit einer Person zu chatten?',
    'Einen Mitarbeiter bitte',
    'Leiten Sie mich an einen Sachbearbeiter weiter',
    'Wir brauchen einen Menschen, der uns hilft',
    'Ich will mit einem Menschen reden',
    'Können Sie mich mit einem Mitarbeiter verbinden?',
    'Ich möchte einen Mitarbeiter sprechen',
    'Wie kann ich den Kundenservice kontaktieren?',
    'Bitte einen echten Menschen',
    'Ich brauche einen Ansprechpartner',
    'Kann ich mit jemandem vom Team chatten?',
  ],
  ar: [
    'هل يمكنني التكلم مع شخص حقيقي؟',
    'أود التواصل مع خدمة العملاء',
    'حوّلني إلى موظف من فضلك',
    'أحتاج إلى التحدث مع مندوب',
    'ممكن أكلم أحد الموظفين؟',
    'أريد ممثلاً بشرياً',
    'مرحبا، كيف أتواصل مع فريق الدعم؟',
    'موظف لو سمحت',
    'نريد الاتصال بمستشار بخصوص الفاتورة',
    'أريد التحدث مع إنسان',
    'هل يمكنني التواصل مع موظف؟',
    'أود التحدث إلى شخص حقيقي من فضلك',
    'كيف أتصل بخدمة العملاء؟',
    'وصلني بموظف',
    'أريد موظفا',
  ],
};

const NOT_REQUESTS = [
  // English
  'How do I add a user?',
  'Export the report in a human-readable format',
  'What is the agent field used for?',
  'Where is the personnel policy?',
  'How can a customer talk to a human agent in the widget?',
  'Can the agent see the visitor’s e-mail?',
  'Which people can edit a department?',
  'Do I need a person to approve my leave request?',
  'How do I connect the agent to our Slack workspace?',
  'List the humans resources documents',
  'How does the hand-over to a person work?',
  'What happens when a visitor asks to talk to an agent?',
  'Are you a real person?',
  'I do not want to speak to a human',
  'How do I contact the agent owner of a widget?',
  'Who is the contact person for travel expenses?',
  'Show me the support ticket statistics',
  'agent.json fails to load',
  'How do I get the agent id from the API?',
  // Spanish
  '¿Cómo agrego un usuario?',
  'Formato legible por humanos',
  '¿Para qué sirve el campo agente?',
  '¿Dónde está la política de personal?',
  '¿Cómo puede un cliente hablar con un asesor?',
  '¿Necesito una persona para firmar el contrato?',
  // French
  'Comment ajouter un utilisateur ?',
  'Un format lisible par un humain',
  'À quoi sert le champ agent ?',
  'Où trouver la politique du personnel ?',
  'Comment un client peut-il parler à un conseiller ?',
  'Personne ne répond au téléphone du siège ?',
  'Ai-je besoin d’une personne pour signer ?',
  // German
  'Wie füge ich einen Benutzer hinzu?',
  'Ein menschenlesbares Format exportieren',
  'Wofür ist das Feld Agent?',
  'Wo finde ich die Personalrichtlinie?',
  'Wie kann ein Kunde mit einem Mitarbeiter sprechen?',
  'Welche Personen dürfen Abteilungen bearbeiten?',
  // Arabic
  'كيف أضيف مستخدما جديدا؟',
  'تنسيق قابل للقراءة البشرية',
  'ما هو حقل الوكيل؟',
  'ما هي سياسة شؤون الموظفين؟',
  'كيف يمكن للعميل التحدث مع موظف؟',
  'هل أحتاج إلى موظف لتوقيع الطلب؟',
  // More of each, written apart from the rule
  'What does the human resources page say?',
  'How many agents can a helpdesk have?',
  'Explain the person field in the user form',
  'How do I assign a ticket to an agent?',
  'What is a live agent in the report?',
  'Talk about the team structure',
  'Can an agent talk to the customer directly?',
  'The support page is down',
  'Give me the list of employees',
  'How do customers reach the helpdesk?',
  'How do I speak to the API with curl?',
  'What should a user do to talk to a human?',
  'Add a person to the department',
  'Is the agent human-like?',
  'Speak the answer aloud',
  '¿Cuántos agentes tiene el equipo?',
  '¿Qué es un agente en el informe?',
  'Añadir una persona al departamento',
  'Combien d’agents peut avoir un helpdesk ?',
  'Ajouter une personne au département',
  'Le service client est-il ouvert le dimanche ?',
  'Wie viele Mitarbeiter hat die Abteilung?',
  'Eine Person zur Abteilung hinzufügen',
  'Was macht der Kundendienst am Wochenende?',
  'كم عدد الموظفين في القسم؟',
  'إضافة شخص إلى القسم',
  'ما هي ساعات عمل خدمة العملاء؟',
];

describe('a request for a person', () => {
  for (const [language, questions] of Object.entries(REQUESTS))
    it(`when someone asks for a person in ${language}, then it is a request in ${language}`, () => {
      for (const q of questions) expect(personRequest(q), q).toBe(language);
    });

  it('when a question names people, agents or humans without asking for one, then it is no request', () => {
    for (const q of NOT_REQUESTS) expect(personRequest(q), q).toBeNull();
  });

  it('when the words make a request in several languages, then the asker’s language decides', () => {
    expect(personRequest('Agent!')).toBe('en');
    expect(personRequest('Agent!', 'fr')).toBe('fr');
    expect(personRequest('Agent!', 'de')).toBe('de');
  });
});
