import type { ChatLanguage } from '@compliance/shared/chat';
import type { CountryChange, CountryStatus, CountrySummary } from '@compliance/shared/countries';
import type { FatfFacts } from '../countries/country-list.service.ts';
import type { AnswerSource } from './answer-provider.ts';
import type { ScopeCheck } from './scope.ts';
import { fold } from './text-tools.ts';

/**
 * FATF list and country questions answered from the product's own country data (the data the FATF
 * pages show, kept current by admins) rather than from prose: the current lists with their count,
 * a country's status and history, the changes of a plenary, the measures asked. Each answer is a
 * source of kind `fatf`, cited to the country page or the list, in the user's language.
 */

const fatfWords =
  /\b(fatf|gafi|grey|gray|graue[nm]?|grise|grigia|black[- ]?list\w*|schwarze[nm]? liste|liste noire|lista nera|increased monitoring|verstarkte[nr]? (beobachtung|uberwachung)|surveillance renforcee|monitoraggio rafforzato|call for action|aufruf zum handeln|appel a l'action|invito all'azione|high-risk jurisdictions?|hochrisiko\w*|haut risque|alto rischio|plenary|plenarsitzung|pleniere|plenaria|listed|gelistet|listee?s?|in lista)\b/;
const greyWords =
  /\b(grey|gray|graue[nm]?|grise|grigia|increased monitoring|verstarkte[nr]? (beobachtung|uberwachung)|surveillance renforcee|monitoraggio rafforzato)\b/;
const blackWords =
  /\b(black[- ]?list\w*|schwarze[nm]?|noire|nera|call for action|aufruf zum handeln|appel a l'action|invito all'azione|high-risk|hochrisiko\w*|haut risque|alto rischio|countermeasures|gegenmassnahmen|contre-mesures|contromisure)\b/;
const changeWords =
  /\b(added|removed|delisted|changed?|changes|new(ly)?|joined|left|came off|taken off|hinzugefugt|aufgenommen|gestrichen|entfernt|anderung(en)?|geandert|neu\w*|ajoute\w*|retire\w*|changement\w*|nouveaux?|nouvelles?|aggiunt\w*|rimoss\w*|cambiament\w*|nuov\w*|tolt\w*)\b/;
const measureWords =
  /\b(measures?|due diligence|countermeasures|obligations?|what (must|should)|massnahmen|sorgfalt\w*|gegenmassnahmen|pflichten|mesures?|vigilance|diligence|contre-mesures|misure|diligenza|contromisure|obblighi)\b/;
const memberWords = /\b(members?|membership|mitglied\w*|membres?|membri|membro)\b/;
const countWords = /\b(how many|wie viele|combien|quanti|quante|number of|anzahl|nombre de|numero di)\b/;
/** Words that make a question about the lists themselves, not only about the FATF ("Which FATF Recommendation …"). */
const listNouns =
  /\b(list\w*|gelistet|jurisdictions?|countr(?:y|ies)|lander|staaten|pays|juridictions?|paes[ei]|giurisdizion\w*)\b/;
const listWords = /\b(which|who|name the|welche[nrs]?|nenne\w*|wer|quels|quelles|lesquels|qui|quali|chi|elenc\w*)\b/;

type Say = {
  listTitle: string;
  countryTitle: (name: string) => string;
  list: (count: number, label: string, official: string, asOf: string, names: string) => string;
  empty: (label: string, asOf: string) => string;
  status: (name: string, label: string, official: string | null, asOf: string) => string;
  since: (date: string) => string;
  member: (name: string, member: boolean) => string;
  history: (name: string, entries: string) => string;
  noHistory: (name: string) => string;
  change: (date: string, plenary: string | null, entries: string) => string;
  movedTo: (from: string, to: string) => string;
  measures: (label: string, text: string) => string;
  action: (label: string) => string;
};

// One formatter per language: making one is far dearer than formatting with it.
const dateFormats = Object.fromEntries(
  (['en', 'de', 'fr', 'it'] as const).map((language) => [
    language,
    new Intl.DateTimeFormat({ en: 'en-GB', de: 'de-CH', fr: 'fr-CH', it: 'it-CH' }[language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  ]),
) as Record<ChatLanguage, Intl.DateTimeFormat>;

const date = (value: string, language: ChatLanguage) => dateFormats[language].format(new Date(`${value}T00:00:00Z`));

const phrases: Record<ChatLanguage, Say> = {
  en: {
    listTitle: 'FATF lists (country data)',
    countryTitle: (name) => `${name} — FATF status`,
    list: (count, label, official, asOf, names) =>
      `As of ${asOf}, ${count} jurisdictions are on the FATF ${label.toLowerCase()} (${official}): ${names}.`,
    empty: (label, asOf) => `As of ${asOf}, no jurisdiction is on the FATF ${label.toLowerCase()}.`,
    status: (name, label, official, asOf) =>
      `As of ${asOf}, ${name} is ${official ? `on the FATF ${label.toLowerCase()} (${official})` : `not on either FATF list (${label.toLowerCase()})`}.`,
    since: (value) => ` It has had this status since ${value}.`,
    member: (name, member) => (member ? `${name} is a member of the FATF.` : `${name} is not a member of the FATF.`),
    history: (name, entries) => `Listing history of ${name}: ${entries}.`,
    noHistory: (name) => `The data records no change of ${name}'s listing since the history began.`,
    change: (value, plenary, entries) => `${plenary ?? 'On'} ${plenary ? `(${value})` : value}: ${entries}.`,
    movedTo: (from, to) => `from ${from.toLowerCase()} to ${to.toLowerCase()}`,
    measures: (label, text) => `${label}: ${text}`,
    action: (label) => `measure asked: ${label.toLowerCase()}`,
  },
  de: {
    listTitle: 'FATF-Listen (Länderdaten)',
    countryTitle: (name) => `${name} — FATF-Status`,
    list: (count, label, official, asOf, names) =>
      `Stand ${asOf} stehen ${count} Jurisdiktionen auf der ${label} der FATF (${official}): ${names}.`,
    empty: (label, asOf) => `Stand ${asOf} steht keine Jurisdiktion auf der ${label} der FATF.`,
    status: (name, label, official, asOf) =>
      `Stand ${asOf}: ${name} steht ${official ? `auf der ${label} der FATF (${official})` : `auf keiner der beiden FATF-Listen (${label})`}.`,
    since: (value) => ` Diesen Status hat das Land seit dem ${value}.`,
    member: (name, member) => (member ? `${name} ist Mitglied der FATF.` : `${name} ist kein Mitglied der FATF.`),
    history: (name, entries) => `Listungsverlauf von ${name}: ${entries}.`,
    noHistory: (name) => `Die Daten verzeichnen seit Beginn des Verlaufs keine Änderung der Listung von ${name}.`,
    change: (value, plenary, entries) => `${plenary ?? 'Am'} ${plenary ? `(${value})` : value}: ${entries}.`,
    movedTo: (from, to) => `von «${from}» zu «${to}»`,
    measures: (label, text) => `${label}: ${text}`,
    action: (label) => `verlangte Massnahme: ${label}`,
  },
  fr: {
    listTitle: 'Listes du GAFI (données pays)',
    countryTitle: (name) => `${name} — statut GAFI`,
    list: (count, label, official, asOf, names) =>
      `Au ${asOf}, ${count} juridictions figurent sur la ${label.toLowerCase()} du GAFI (${official}) : ${names}.`,
    empty: (label, asOf) => `Au ${asOf}, aucune juridiction ne figure sur la ${label.toLowerCase()} du GAFI.`,
    status: (name, label, official, asOf) =>
      `Au ${asOf}, ${name} ${official ? `figure sur la ${label.toLowerCase()} du GAFI (${official})` : `ne figure sur aucune des deux listes du GAFI (${label.toLowerCase()})`}.`,
    since: (value) => ` Ce statut s’applique depuis le ${value}.`,
    member: (name, member) => (member ? `${name} est membre du GAFI.` : `${name} n’est pas membre du GAFI.`),
    history: (name, entries) => `Historique des inscriptions – ${name} : ${entries}.`,
    noHistory: (name) =>
      `Les données n’enregistrent aucun changement d’inscription pour ${name} depuis le début de l’historique.`,
    change: (value, plenary, entries) => `${plenary ?? 'Le'} ${plenary ? `(${value})` : value} : ${entries}.`,
    movedTo: (from, to) => `de « ${from.toLowerCase()} » à « ${to.toLowerCase()} »`,
    measures: (label, text) => `${label} : ${text}`,
    action: (label) => `mesure demandée : ${label.toLowerCase()}`,
  },
  it: {
    listTitle: 'Liste del GAFI (dati dei paesi)',
    countryTitle: (name) => `${name} — stato GAFI`,
    list: (count, label, official, asOf, names) =>
      `Al ${asOf}, ${count} giurisdizioni figurano nella ${label.toLowerCase()} del GAFI (${official}): ${names}.`,
    empty: (label, asOf) => `Al ${asOf}, nessuna giurisdizione figura nella ${label.toLowerCase()} del GAFI.`,
    status: (name, label, official, asOf) =>
      `Al ${asOf}, ${name} ${official ? `figura nella ${label.toLowerCase()} del GAFI (${official})` : `non figura in nessuna delle due liste del GAFI (${label.toLowerCase()})`}.`,
    since: (value) => ` Ha questo stato dal ${value}.`,
    member: (name, member) => (member ? `${name} è membro del GAFI.` : `${name} non è membro del GAFI.`),
    history: (name, entries) => `Cronologia delle iscrizioni – ${name}: ${entries}.`,
    noHistory: (name) =>
      `I dati non registrano alcuna modifica dell’iscrizione di ${name} dall’inizio della cronologia.`,
    change: (value, plenary, entries) => `${plenary ?? 'Il'} ${plenary ? `(${value})` : value}: ${entries}.`,
    movedTo: (from, to) => `da «${from.toLowerCase()}» a «${to.toLowerCase()}»`,
    measures: (label, text) => `${label}: ${text}`,
    action: (label) => `misura richiesta: ${label.toLowerCase()}`,
  },
};

/** Whether the question is about the FATF lists or membership. */
export function asksAboutFatf(question: string): boolean {
  return fatfWords.test(fold(question).replaceAll('’', "'"));
}

export interface FatfFactsRequest {
  question: string;
  language: ChatLanguage;
  facts: FatfFacts;
  scope: ScopeCheck;
}

/** The statements that answer a FATF question from the data, as sources; none when it is not one. */
export function fatfFactSources({ question, language, facts, scope }: FatfFactsRequest): AnswerSource[] {
  const folded = fold(question).replaceAll('’', "'");
  if (!fatfWords.test(folded) && !(memberWords.test(folded) && /\b(fatf|gafi)\b/.test(folded))) return [];
  const say = phrases[language];
  const asOf = date(facts.asOf, language);
  const texts = new Map(facts.statusTexts.statuses.map((entry) => [entry.status, entry]));
  const label = (status: CountryStatus) => texts.get(status)?.label[language] ?? status;
  const official = (status: CountryStatus) => texts.get(status)?.officialListName?.[language] ?? null;
  const byIso = new Map(facts.countries.map((country) => [country.iso2, country]));
  const nameOf = (country: Pick<CountrySummary, 'names'>) => country.names[language];
  const mentioned = scope
    .countries(question)
    .map((mention) => byIso.get(mention.iso2))
    .filter((country): country is CountrySummary => country !== undefined);
  const sources: AnswerSource[] = [];
  const add = (title: string, href: string, statements: string[]) =>
    sources.push({
      number: 0,
      kind: 'fatf',
      documentId: null,
      title,
      page: null,
      heading: null,
      text: statements.join('\n\n'),
      snippet: statements[0] ?? '',
      href,
      asOf: facts.asOf,
      language,
    });

  const listStatement = (status: 'grey' | 'black') => {
    const listed = facts.countries
      .filter((country) => country.status === status)
      .sort((a, b) => nameOf(a).localeCompare(nameOf(b), language));
    if (listed.length === 0) return say.empty(label(status), asOf);
    const names = listed
      .map((country) => {
        const action = texts.get(status)?.actions?.find((entry) => entry.action === country.blackListAction);
        return action ? `${nameOf(country)} (${say.action(action.label[language])})` : nameOf(country);
      })
      .join('; ');
    return say.list(listed.length, label(status), official(status) ?? label(status), asOf, names);
  };

  const wantsGrey = greyWords.test(folded);
  const wantsBlack = blackWords.test(folded);

  // A country's status, membership, history and the measures its status calls for.
  for (const country of mentioned.slice(0, 3)) {
    const statements = [
      say.status(nameOf(country), label(country.status), official(country.status), asOf) +
        (country.statusSince && country.status !== 'not_listed' ? say.since(date(country.statusSince, language)) : ''),
      say.member(nameOf(country), country.fatfMember),
    ];
    const history = facts.changes
      .filter((change) => change.iso2 === country.iso2 && change.fromStatus && change.toStatus)
      .toReversed()
      .map((change) => {
        const when = change.effectiveDate ? date(change.effectiveDate, language) : '';
        return `${when} ${say.movedTo(label(change.fromStatus!), label(change.toStatus!))}`.trim();
      });
    statements.push(
      history.length > 0 ? say.history(nameOf(country), history.join('; ')) : say.noHistory(nameOf(country)),
    );
    const guidance = texts.get(country.status);
    if (guidance && measureWords.test(folded)) {
      const action = guidance.actions?.find((entry) => entry.action === country.blackListAction);
      statements.push(say.measures(guidance.label[language], (action ?? guidance).dueDiligence[language]));
    }
    add(say.countryTitle(nameOf(country)), `/fatf/countries/${country.iso2}`, statements);
  }

  if (mentioned.length === 0) {
    const statements: string[] = [];
    // Changes by plenary: the one the question names (month or year), else the latest.
    if (changeWords.test(folded)) {
      const groups = new Map<string, CountryChange[]>();
      for (const change of facts.changes) {
        if (!change.effectiveDate || !change.toStatus || !change.fromStatus) continue;
        const key = change.effectiveDate;
        groups.set(key, [...(groups.get(key) ?? []), change]);
      }
      const dates = [...groups.keys()].sort().toReversed();
      const year = /\b(20\d{2})\b/.exec(folded)?.[1];
      const named = dates.filter((value) => {
        if (year && !value.startsWith(year)) return false;
        const month = new Date(`${value}T00:00:00Z`).getUTCMonth();
        const monthNames = fold(
          ['en', 'de', 'fr', 'it']
            .map((locale) =>
              new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
                new Date(Date.UTC(2000, month, 1)),
              ),
            )
            .join('|'),
        );
        const mentionsMonth = new RegExp(`\\b(${monthNames})\\b`).test(folded);
        const anyMonth =
          /\b(january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|marz|juni|juli|oktober|dezember|janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|dicembre)\b/.test(
            folded,
          );
        return !anyMonth || mentionsMonth;
      });
      for (const value of (named.length > 0 ? named : dates).slice(0, year ? 3 : 1)) {
        const changes = groups.get(value) ?? [];
        const entries = changes
          .map(
            (change) => `${change.names[language]} ${say.movedTo(label(change.fromStatus!), label(change.toStatus!))}`,
          )
          .join('; ');
        statements.push(say.change(date(value, language), changes[0]?.plenaryName?.[language] ?? null, entries));
      }
    }
    const asked = (['grey', 'black'] as const).filter((status) =>
      status === 'grey' ? wantsGrey || !wantsBlack : wantsBlack || !wantsGrey,
    );
    const aboutLists = wantsGrey || wantsBlack || listNouns.test(folded);
    // "Which countries…", "how many…": the lists themselves, complete.
    if (aboutLists && (listWords.test(folded) || countWords.test(folded))) {
      for (const status of asked) statements.push(listStatement(status));
    }
    // "What does it mean…", "what measures…": what the list is and what it asks of institutions.
    if (aboutLists && (measureWords.test(folded) || statements.length === 0)) {
      for (const status of asked) {
        const guidance = texts.get(status);
        if (!guidance) continue;
        // The first statement names the list as the FATF does ("High-Risk Jurisdictions subject to a Call for Action").
        const named = official(status) ? `${guidance.label[language]} (${official(status)})` : guidance.label[language];
        statements.push(say.measures(named, guidance.description[language]));
        statements.push(say.measures(guidance.label[language], guidance.dueDiligence[language]));
        if (measureWords.test(folded)) {
          for (const action of guidance.actions ?? []) {
            statements.push(say.measures(action.label[language], action.dueDiligence[language]));
          }
        }
      }
    }
    if (statements.length > 0) add(say.listTitle, '/fatf/countries', statements);
  }
  return sources;
}
