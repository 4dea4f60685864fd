import type { ChatLanguage } from '@compliance/shared/chat';
import type { ScopeCheck } from './scope.ts';
import { namedJurisdictions } from './question.ts';
import { fold } from './text-tools.ts';

/**
 * The offline Prompt Engineer: turns a request ("a prompt that checks whether a client from Iran
 * can be onboarded, as a table") into a structured prompt — role, task, context, constraints,
 * output format — taken from the user's own words, with placeholders proposed for what varies.
 * Asked to improve a prompt, it keeps the user's text, adds only what is missing and lists what
 * it changed. Placeholders use the prompt library's `{{camelCase}}` syntax.
 */

type Section = 'role' | 'task' | 'context' | 'constraints' | 'output';

interface Texts {
  sections: Record<Section, string>;
  built: string;
  improved: string;
  changes: string;
  placeholders: string;
  defaultRole: string;
  jurisdiction: string;
  asOf: string;
  standardConstraints: string[];
  defaultOutput: string;
  formats: Record<'table' | 'bullets' | 'email' | 'memo' | 'summary' | 'checklist', string>;
  length: (count: string, unit: string) => string;
  answerIn: (language: string) => string;
  changed: {
    keptText: string;
    addedRole: string;
    addedContext: string;
    addedConstraints: string;
    addedOutput: string;
    placeholders: (names: string) => string;
    nothingMissing: string;
  };
  placeholderHelp: Record<string, string>;
  jurisdictions: Record<'ch' | 'us' | 'fatf', string>;
}

const texts: Record<ChatLanguage, Texts> = {
  en: {
    sections: { role: 'Role', task: 'Task', context: 'Context', constraints: 'Constraints', output: 'Output format' },
    built:
      'Here is a structured prompt built from your request. Save it in the prompt library to reuse it; fill in the placeholders in {{double braces}} each time.',
    improved:
      'Here is your prompt, improved. Your own text is kept as the task; what was missing has been added around it.',
    changes: 'What I changed',
    placeholders: 'Placeholders',
    defaultRole:
      'You are an experienced compliance specialist who answers precisely and cites the rule behind every statement.',
    jurisdiction: 'Jurisdiction and rules',
    asOf: 'Apply the rules as in force on',
    standardConstraints: [
      'Rely only on the sources provided or on rules you can name; cite the article, rule or paragraph for each statement.',
      'If the sources do not answer the question, say so instead of guessing.',
    ],
    defaultOutput: 'A short direct answer first, then the supporting points as a list, each with its citation.',
    formats: {
      table: 'A table',
      bullets: 'A bulleted list',
      email: 'An e-mail ready to send',
      memo: 'A short memo with headings',
      summary: 'A concise summary',
      checklist: 'A checklist',
    },
    length: (count, unit) => `At most ${count} ${unit}.`,
    answerIn: (language) => `Answer in ${language}.`,
    changed: {
      keptText: 'Kept your text unchanged as the task.',
      addedRole: 'Added a role, so the answer is written with a specialist’s care.',
      addedContext: 'Added the jurisdiction and the date the rules apply at — compliance answers depend on both.',
      addedConstraints:
        'Added constraints: cite the rule for each statement, and say so when the sources do not cover the question.',
      addedOutput: 'Added an output format.',
      placeholders: (names) => `Turned what varies into placeholders: ${names}.`,
      nothingMissing:
        'Your prompt already had a role, context, constraints and an output format; I only reordered it into sections.',
    },
    placeholderHelp: {
      clientName: 'the client’s name',
      country: 'the country concerned',
      asOfDate: 'the date the rules apply at',
      documentText: 'the text of the document',
      amount: 'the amount and currency',
      product: 'the product or service',
      jurisdiction: 'the jurisdiction',
    },
    jurisdictions: {
      ch: 'Switzerland (FINMA supervision; AMLA/AMLO, FinSA, FinIA as applicable)',
      us: 'United States (SEC; Investment Advisers Act of 1940 and its rules)',
      fatf: 'FATF lists and recommendations',
    },
  },
  de: {
    sections: { role: 'Rolle', task: 'Aufgabe', context: 'Kontext', constraints: 'Vorgaben', output: 'Ausgabeformat' },
    built:
      'Hier ist ein strukturierter Prompt aus Ihrer Anfrage. Speichern Sie ihn in der Prompt-Bibliothek, um ihn wiederzuverwenden; füllen Sie die Platzhalter in {{doppelten Klammern}} jeweils aus.',
    improved:
      'Hier ist Ihr verbesserter Prompt. Ihr eigener Text bleibt die Aufgabe; was fehlte, wurde darum herum ergänzt.',
    changes: 'Was ich geändert habe',
    placeholders: 'Platzhalter',
    defaultRole:
      'Sie sind eine erfahrene Compliance-Fachperson, die präzise antwortet und für jede Aussage die zugrunde liegende Regel nennt.',
    jurisdiction: 'Rechtsordnung und Regeln',
    asOf: 'Massgebend sind die Regeln in Kraft am',
    standardConstraints: [
      'Stützen Sie sich nur auf die bereitgestellten Quellen oder auf Regeln, die Sie benennen können; nennen Sie zu jeder Aussage Artikel, Regel oder Randziffer.',
      'Wenn die Quellen die Frage nicht beantworten, sagen Sie es, statt zu raten.',
    ],
    defaultOutput:
      'Zuerst eine kurze, direkte Antwort, danach die stützenden Punkte als Liste, jeweils mit Quellenangabe.',
    formats: {
      table: 'Eine Tabelle',
      bullets: 'Eine Aufzählung',
      email: 'Eine versandfertige E-Mail',
      memo: 'Ein kurzes Memo mit Zwischentiteln',
      summary: 'Eine knappe Zusammenfassung',
      checklist: 'Eine Checkliste',
    },
    length: (count, unit) => `Höchstens ${count} ${unit}.`,
    answerIn: (language) => `Antworten Sie auf ${language}.`,
    changed: {
      keptText: 'Ihren Text unverändert als Aufgabe übernommen.',
      addedRole: 'Eine Rolle ergänzt, damit die Antwort mit der Sorgfalt einer Fachperson geschrieben wird.',
      addedContext: 'Rechtsordnung und Stichtag ergänzt – Compliance-Antworten hängen von beiden ab.',
      addedConstraints:
        'Vorgaben ergänzt: zu jeder Aussage die Regel nennen und sagen, wenn die Quellen die Frage nicht abdecken.',
      addedOutput: 'Ein Ausgabeformat ergänzt.',
      placeholders: (names) => `Was sich ändert, als Platzhalter gesetzt: ${names}.`,
      nothingMissing:
        'Ihr Prompt hatte bereits Rolle, Kontext, Vorgaben und Ausgabeformat; ich habe ihn nur in Abschnitte gegliedert.',
    },
    placeholderHelp: {
      clientName: 'Name des Kunden',
      country: 'das betroffene Land',
      asOfDate: 'der Stichtag der Regeln',
      documentText: 'der Text des Dokuments',
      amount: 'Betrag und Währung',
      product: 'das Produkt oder die Dienstleistung',
      jurisdiction: 'die Rechtsordnung',
    },
    jurisdictions: {
      ch: 'Schweiz (Aufsicht der FINMA; GwG/GwV-FINMA, FIDLEG, FINIG je nach Fall)',
      us: 'USA (SEC; Investment Advisers Act von 1940 und seine Regeln)',
      fatf: 'FATF-Listen und -Empfehlungen',
    },
  },
  fr: {
    sections: {
      role: 'Rôle',
      task: 'Tâche',
      context: 'Contexte',
      constraints: 'Contraintes',
      output: 'Format de sortie',
    },
    built:
      'Voici un prompt structuré tiré de votre demande. Enregistrez-le dans la bibliothèque de prompts pour le réutiliser ; remplissez à chaque fois les champs entre {{doubles accolades}}.',
    improved: 'Voici votre prompt amélioré. Votre propre texte reste la tâche ; ce qui manquait a été ajouté autour.',
    changes: 'Ce que j’ai modifié',
    placeholders: 'Champs à remplir',
    defaultRole:
      'Vous êtes un spécialiste expérimenté de la conformité, qui répond avec précision et cite la règle derrière chaque affirmation.',
    jurisdiction: 'Juridiction et règles',
    asOf: 'Appliquer les règles en vigueur au',
    standardConstraints: [
      'Appuyez-vous uniquement sur les sources fournies ou sur des règles que vous pouvez nommer ; citez l’article, la règle ou le chiffre marginal de chaque affirmation.',
      'Si les sources ne répondent pas à la question, dites-le au lieu de deviner.',
    ],
    defaultOutput:
      'D’abord une réponse courte et directe, puis les éléments à l’appui sous forme de liste, chacun avec sa source.',
    formats: {
      table: 'Un tableau',
      bullets: 'Une liste à puces',
      email: 'Un e-mail prêt à envoyer',
      memo: 'Une courte note avec intertitres',
      summary: 'Un résumé concis',
      checklist: 'Une liste de contrôle',
    },
    length: (count, unit) => `Au maximum ${count} ${unit}.`,
    answerIn: (language) => `Répondez en ${language}.`,
    changed: {
      keptText: 'Votre texte repris tel quel comme tâche.',
      addedRole: 'Ajout d’un rôle, pour une réponse rédigée avec le soin d’un spécialiste.',
      addedContext:
        'Ajout de la juridiction et de la date d’application des règles – les réponses de conformité dépendent des deux.',
      addedConstraints:
        'Ajout de contraintes : citer la règle pour chaque affirmation, et le dire lorsque les sources ne couvrent pas la question.',
      addedOutput: 'Ajout d’un format de sortie.',
      placeholders: (names) => `Ce qui varie est devenu des champs à remplir : ${names}.`,
      nothingMissing:
        'Votre prompt avait déjà un rôle, un contexte, des contraintes et un format de sortie ; je l’ai seulement organisé en sections.',
    },
    placeholderHelp: {
      clientName: 'le nom du client',
      country: 'le pays concerné',
      asOfDate: 'la date d’application des règles',
      documentText: 'le texte du document',
      amount: 'le montant et la devise',
      product: 'le produit ou le service',
      jurisdiction: 'la juridiction',
    },
    jurisdictions: {
      ch: 'Suisse (surveillance de la FINMA ; LBA/OBA-FINMA, LSFin, LEFin selon le cas)',
      us: 'États-Unis (SEC ; Investment Advisers Act de 1940 et ses règles)',
      fatf: 'Listes et recommandations du GAFI',
    },
  },
  it: {
    sections: {
      role: 'Ruolo',
      task: 'Compito',
      context: 'Contesto',
      constraints: 'Vincoli',
      output: 'Formato di output',
    },
    built:
      'Ecco un prompt strutturato ricavato dalla sua richiesta. Lo salvi nella biblioteca dei prompt per riutilizzarlo; compili ogni volta i campi tra {{doppie graffe}}.',
    improved: 'Ecco il suo prompt migliorato. Il suo testo resta il compito; ciò che mancava è stato aggiunto attorno.',
    changes: 'Che cosa ho modificato',
    placeholders: 'Campi da compilare',
    defaultRole:
      'Lei è uno specialista esperto di compliance, che risponde con precisione e cita la norma alla base di ogni affermazione.',
    jurisdiction: 'Giurisdizione e norme',
    asOf: 'Applicare le norme in vigore al',
    standardConstraints: [
      'Si basi solo sulle fonti fornite o su norme che può indicare; citi l’articolo, la regola o il numero marginale di ogni affermazione.',
      'Se le fonti non rispondono alla domanda, lo dica invece di tirare a indovinare.',
    ],
    defaultOutput: 'Prima una risposta breve e diretta, poi i punti a sostegno come elenco, ciascuno con la sua fonte.',
    formats: {
      table: 'Una tabella',
      bullets: 'Un elenco puntato',
      email: 'Un’e-mail pronta da inviare',
      memo: 'Un breve promemoria con titoli',
      summary: 'Un riassunto conciso',
      checklist: 'Una checklist',
    },
    length: (count, unit) => `Al massimo ${count} ${unit}.`,
    answerIn: (language) => `Risponda in ${language}.`,
    changed: {
      keptText: 'Il suo testo è stato ripreso invariato come compito.',
      addedRole: 'Aggiunto un ruolo, perché la risposta sia scritta con la cura di uno specialista.',
      addedContext:
        'Aggiunti la giurisdizione e la data di riferimento delle norme: le risposte di compliance dipendono da entrambe.',
      addedConstraints:
        'Aggiunti vincoli: citare la norma per ogni affermazione e dirlo quando le fonti non coprono la domanda.',
      addedOutput: 'Aggiunto un formato di output.',
      placeholders: (names) => `Ciò che varia è diventato campi da compilare: ${names}.`,
      nothingMissing:
        'Il suo prompt aveva già ruolo, contesto, vincoli e formato di output; l’ho solo organizzato in sezioni.',
    },
    placeholderHelp: {
      clientName: 'il nome del cliente',
      country: 'il paese interessato',
      asOfDate: 'la data di riferimento delle norme',
      documentText: 'il testo del documento',
      amount: 'importo e valuta',
      product: 'il prodotto o servizio',
      jurisdiction: 'la giurisdizione',
    },
    jurisdictions: {
      ch: 'Svizzera (vigilanza FINMA; LRD/ORD-FINMA, LSerFi, LIsFi secondo il caso)',
      us: 'Stati Uniti (SEC; Investment Advisers Act del 1940 e relative regole)',
      fatf: 'Liste e raccomandazioni del GAFI',
    },
  },
};

const improveWords =
  /\b(improve|improved|rewrite|refine|optimi[sz]e|polish|fix|make (it|this) better|verbesser\w*|uberarbeit\w*|optimier\w*|amelior\w*|reecri\w*|optimis\w*|miglior\w*|riscriv\w*|ottimizz\w*)\b/;
const roleWords =
  /\b(you are|act as|as an? [a-z]|sie sind|du bist|als [a-z]+(in|er|e)?\b|vous etes|tu es|en tant que|agis(sez)? comme|lei e|sei un|in qualita di|agisci come)\b/;
const constraintWords =
  /\b(must|should|do not|don't|never|only|avoid|without|at most|no more than|max(imum)?|keep|include|exclude|cite|muss|soll|nicht|keine|nie|nur|vermeide\w*|ohne|hochstens|maximal|zitier\w*|doit|devez|ne pas|jamais|uniquement|seulement|evite\w*|sans|au maximum|citez?|deve|deve|non|mai|solo|soltanto|evit\w*|senza|al massimo|cit\w*)\b/;
const formatPatterns: [keyof Texts['formats'], RegExp][] = [
  ['table', /\b(table|tabular|tabelle|tableau|tabella)\b/],
  ['checklist', /\b(checklist|check-list|checkliste|liste de controle|lista di controllo)\b/],
  ['email', /\b(e-?mail|courriel|mail)\b/],
  ['memo', /\b(memo|memorandum|note interne|promemoria|aktennotiz)\b/],
  ['summary', /\b(summary|summari[sz]e|zusammenfassung|zusammenfassen|resume|resumer|riassunto|riassumere|sintesi)\b/],
  [
    'bullets',
    /\b(bullet|bullets|bullet points|list form|aufzahlung|stichpunkte|liste a puces|puces|elenco puntato|punti elenco)\b/,
  ],
];
const languageNames: [RegExp, Record<ChatLanguage, string>][] = [
  [
    /\b(in english|auf englisch|en anglais|in inglese)\b/,
    { en: 'English', de: 'Englisch', fr: 'anglais', it: 'inglese' },
  ],
  [
    /\b(in german|auf deutsch|en allemand|in tedesco)\b/,
    { en: 'German', de: 'Deutsch', fr: 'allemand', it: 'tedesco' },
  ],
  [
    /\b(in french|auf franzosisch|en francais|in francese)\b/,
    { en: 'French', de: 'Französisch', fr: 'français', it: 'francese' },
  ],
  [
    /\b(in italian|auf italienisch|en italien|in italiano)\b/,
    { en: 'Italian', de: 'Italienisch', fr: 'italien', it: 'italiano' },
  ],
];
const lengthPattern =
  /\b(\d{1,4})\s*(words?|worter|wortern|mots|parole|sentences?|satze|phrases?|frasi|pages?|seiten|pagine|lines?|zeilen|lignes|righe|bullet points?|points?|punkte|punti)\b/;
const fatfWords =
  /\b(fatf|gafi|grey list|black list|graue liste|schwarze liste|liste grise|liste noire|lista grigia|lista nera|high-risk)\b/;
const clientWords = /\b(client|customer|kunde\w*|kundin|cliente|clienti|clientela)\b/;
const documentWords =
  /\b(document|contract|agreement|policy|report|dokument\w*|vertrag\w*|weisung\w*|bericht\w*|contrat|rapport|politique|documento|contratto|rapporto)\b/;
const amountWords =
  /\b(amount|sum|transaction|payment|betrag\w*|summe|transaktion\w*|zahlung\w*|montant|somme|paiement|importo|somma|transazion\w*|pagamento)\b/;
const productWords =
  /\b(product|service|fund|produkt\w*|dienstleistung\w*|fonds|produit|fonds|prodotto|servizio|fondo)\b/;
const datePattern = /\b(\d{1,2}[./]\d{1,2}[./]\d{2,4}|\d{4}-\d{2}-\d{2}|(19|20)\d{2})\b/;

/** The request without its lead-in ("I need a prompt that", "Erstelle einen Prompt, der", …). */
function taskFrom(request: string): string {
  return request
    .replace(
      /^\s*(please\s+)?((i need|i want|i'd like|give me|write|create|make|build|draft)\s+(me\s+)?(a|an)\s+(good\s+)?prompt\s+(that|which|to|for|so that)\s+)/i,
      '',
    )
    .replace(
      /^\s*(bitte\s+)?((erstelle|schreibe|formuliere|mach)\w*\s+(mir\s+)?(einen|ein)\s+prompt,?\s+(der|das|um|für|zum|zur)\s+)/i,
      '',
    )
    .replace(
      /^\s*((crée|créez|écris|écrivez|rédige|rédigez|fais|faites)\s+(moi\s+)?(un|une)\s+prompt\s+(qui|pour|afin de)\s+)/i,
      '',
    )
    .replace(/^\s*((crea|creami|scrivi|scrivimi|prepara)\s+(un|una)\s+prompt\s+(che|per)\s+)/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The prompt the user wants improved: a fenced or quoted block, or what follows the first colon. */
function promptToImprove(request: string): string | null {
  const fenced = /```[a-z]*\n?([\s\S]+?)```/.exec(request)?.[1];
  if (fenced?.trim()) return fenced.trim();
  const quoted = /["“«„]([\s\S]{20,})["”»“]/.exec(request)?.[1];
  if (quoted?.trim()) return quoted.trim();
  const colon = request.indexOf(':');
  if (colon >= 0 && request.length - colon > 30) return request.slice(colon + 1).trim();
  return null;
}

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export function engineerPrompt(request: string, language: ChatLanguage, { scope }: { scope: ScopeCheck }): string {
  const say = texts[language];
  const folded = fold(request).replaceAll('’', "'");
  const improving = improveWords.test(folded);
  const original = improving ? promptToImprove(request) : null;
  const body = original ?? taskFrom(request);
  const bodyFolded = fold(body).replaceAll('’', "'");
  const sentencesOfBody = body
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

  // What the user already said, section by section.
  const userConstraints = sentencesOfBody.filter((sentence) => constraintWords.test(fold(sentence)));
  const format = formatPatterns.find(([, pattern]) => pattern.test(bodyFolded))?.[0];
  const length = lengthPattern.exec(bodyFolded);
  const answerLanguage = languageNames.find(([pattern]) => pattern.test(bodyFolded))?.[1][language];
  const hasRole = roleWords.test(bodyFolded);
  const date = datePattern.exec(body)?.[0];
  const named = namedJurisdictions(body);
  const jurisdictions = [
    named.has('CH') ? say.jurisdictions.ch : null,
    named.has('US') ? say.jurisdictions.us : null,
    fatfWords.test(bodyFolded) ? say.jurisdictions.fatf : null,
  ].filter((value): value is string => value !== null);

  // Placeholders for what varies from one use to the next.
  const placeholders: string[] = [];
  let task = original ?? capitalise(body);
  for (const country of scope.countries(body)) {
    const pattern = new RegExp(`\\b${country.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'giu');
    if (pattern.test(task) && !['CH', 'US'].includes(country.iso2)) {
      task = task.replace(pattern, '{{country}}');
      if (!placeholders.includes('country')) placeholders.push('country');
    }
  }
  if (clientWords.test(bodyFolded)) placeholders.push('clientName');
  if (documentWords.test(bodyFolded)) placeholders.push('documentText');
  if (amountWords.test(bodyFolded)) placeholders.push('amount');
  if (productWords.test(bodyFolded)) placeholders.push('product');
  if (jurisdictions.length === 0) placeholders.push('jurisdiction');
  if (!date) placeholders.push('asOfDate');

  const context = [
    `- ${say.jurisdiction}: ${jurisdictions.length > 0 ? jurisdictions.join('; ') : '{{jurisdiction}}'}`,
    `- ${say.asOf} ${date ?? '{{asOfDate}}'}`,
    ...placeholders
      .filter((name) => !['jurisdiction', 'asOfDate', 'country'].includes(name))
      .map((name) => `- ${capitalise(say.placeholderHelp[name] ?? name)}: {{${name}}}`),
    ...(placeholders.includes('country')
      ? [`- ${capitalise(say.placeholderHelp.country ?? 'country')}: {{country}}`]
      : []),
  ];
  const constraints = [
    ...userConstraints.filter((sentence) => !original || !task.includes(sentence)),
    ...say.standardConstraints,
  ];
  const output = [
    format ? say.formats[format] : say.defaultOutput,
    ...(length ? [say.length(length[1] ?? '', length[2] ?? '')] : []),
    ...(answerLanguage ? [say.answerIn(answerLanguage)] : []),
  ];

  const prompt = [
    `# ${say.sections.role}`,
    hasRole ? (sentencesOfBody.find((sentence) => roleWords.test(fold(sentence))) ?? say.defaultRole) : say.defaultRole,
    '',
    `# ${say.sections.task}`,
    task,
    '',
    `# ${say.sections.context}`,
    ...context,
    '',
    `# ${say.sections.constraints}`,
    ...constraints.map((line) => `- ${line}`),
    '',
    `# ${say.sections.output}`,
    ...output.map((line) => `- ${line}`),
  ].join('\n');

  const placeholderList = placeholders.map((name) => `- \`{{${name}}}\` — ${say.placeholderHelp[name] ?? name}`);
  const sections = [original ? say.improved : say.built, '', '```text', prompt, '```'];
  if (placeholderList.length > 0) sections.push('', `**${say.placeholders}**`, ...placeholderList);
  if (original) {
    const changes = [
      say.changed.keptText,
      ...(hasRole ? [] : [say.changed.addedRole]),
      ...(jurisdictions.length > 0 && date ? [] : [say.changed.addedContext]),
      say.changed.addedConstraints,
      ...(format ? [] : [say.changed.addedOutput]),
      ...(placeholders.length > 0
        ? [say.changed.placeholders(placeholders.map((name) => `{{${name}}}`).join(', '))]
        : []),
    ];
    sections.push('', `**${say.changes}**`, ...changes.map((line) => `- ${line}`));
  }
  return sections.join('\n');
}
