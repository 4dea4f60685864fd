import type { Locale } from '@compliance/shared/locales';

/**
 * The line under a shared answer, in the sender's language: who shared it, from where, when.
 * Recipients read it in their channel, outside the app, so it is written here rather than by the web app.
 */
const footers: Record<Locale, (name: string, date: string) => string> = {
  en: (name, date) =>
    `Shared by ${name} from Compliance Assistant on ${date}. Check the cited sources before relying on it.`,
  de: (name, date) =>
    `Geteilt von ${name} aus Compliance Assistant am ${date}. Prüfen Sie die zitierten Quellen, bevor Sie sich darauf stützen.`,
  fr: (name, date) =>
    `Partagé par ${name} depuis Compliance Assistant le ${date}. Vérifiez les sources citées avant de vous y fier.`,
  it: (name, date) =>
    `Condiviso da ${name} da Compliance Assistant il ${date}. Verifichi le fonti citate prima di farvi affidamento.`,
};

export function sharedAnswerFooter(
  user: { firstName: string; lastName: string; email: string; language: string },
  at: Date,
): string {
  const language = (user.language in footers ? user.language : 'en') as Locale;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const date = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : `${language}-CH`, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return footers[language](`${name} <${user.email}>`, `${date} UTC`);
}

type ListStatus = 'not_listed' | 'grey' | 'black' | 'no_listing';

const alertTexts: Record<
  Locale,
  { title: (date: string) => string; status: Record<ListStatus, string>; since: string; footer: string }
> = {
  en: {
    title: (date) => `FATF lists changed (as of ${date})`,
    status: {
      grey: 'now under increased monitoring (grey list)',
      black: 'now on the high-risk list (black list)',
      not_listed: 'no longer on a FATF list',
      no_listing: 'not assessed by the FATF',
    },
    since: 'since',
    footer: 'Alert from Compliance Assistant. Review the affected clients’ due diligence.',
  },
  de: {
    title: (date) => `FATF-Listen geändert (Stand ${date})`,
    status: {
      grey: 'neu unter verstärkter Beobachtung (graue Liste)',
      black: 'neu auf der Liste der Hochrisikoländer (schwarze Liste)',
      not_listed: 'nicht mehr auf einer FATF-Liste',
      no_listing: 'von der FATF nicht beurteilt',
    },
    since: 'seit',
    footer: 'Hinweis von Compliance Assistant. Prüfen Sie die Sorgfaltspflichten bei betroffenen Kunden.',
  },
  fr: {
    title: (date) => `Listes du GAFI modifiées (état au ${date})`,
    status: {
      grey: 'désormais sous surveillance renforcée (liste grise)',
      black: 'désormais sur la liste des pays à haut risque (liste noire)',
      not_listed: 'ne figure plus sur une liste du GAFI',
      no_listing: 'non évalué par le GAFI',
    },
    since: 'depuis le',
    footer: 'Alerte de Compliance Assistant. Réexaminez la diligence des clients concernés.',
  },
  it: {
    title: (date) => `Liste GAFI modificate (aggiornate al ${date})`,
    status: {
      grey: 'ora sotto monitoraggio rafforzato (lista grigia)',
      black: 'ora nella lista dei Paesi ad alto rischio (lista nera)',
      not_listed: 'non più in una lista GAFI',
      no_listing: 'non valutato dal GAFI',
    },
    since: 'dal',
    footer: 'Avviso di Compliance Assistant. Riesamini la diligenza dei clienti interessati.',
  },
};

/** A FATF list change as a channel message, in the language of whoever set the connection up. */
export function fatfAlertMessage(
  language: string,
  asOf: string,
  countries: { name: string; status: ListStatus; since: string | null; url: string }[],
): {
  title: string;
  text: string;
  footer: string;
  citations: { number: number; title: string; url: string; quote: string }[];
} {
  const locale = (language in alertTexts ? language : 'en') as Locale;
  const texts = alertTexts[locale];
  return {
    title: texts.title(asOf),
    text: countries
      .map(
        (country) =>
          `- **${country.name}**: ${texts.status[country.status]}${country.since ? ` (${texts.since} ${country.since})` : ''}`,
      )
      .join('\n'),
    citations: countries.map((country, index) => ({
      number: index + 1,
      title: country.name,
      url: country.url,
      quote: '',
    })),
    footer: texts.footer,
  };
}
