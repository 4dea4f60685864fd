import type { Citation } from '@compliance/shared/chat';
import type { Locale } from '@compliance/shared/locales';
import type { OutboundMessage } from './connectors/connector.ts';

/**
 * An answer's citations as sent out: the page, and for a synced document the remote file and the
 * version quoted ("Team share › aml-policy.md, v2"), so recipients can find the very text.
 */
export function outboundCitations(citations: Citation[], publicUrl: string): OutboundMessage['citations'] {
  return citations.map((citation) => ({
    number: citation.number,
    title:
      citation.title +
      (citation.page ? `, p. ${citation.page}` : '') +
      (citation.origin
        ? ` (${citation.origin.connectionName} › ${citation.origin.path}, v${citation.origin.revision})`
        : ''),
    url: citation.href ? new URL(citation.href, `${publicUrl}/`).href : null,
    quote: citation.quote,
  }));
}

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

type SyncAlertReason = 'auth' | 'unreachable' | 'notFound' | 'tooManyFiles' | 'other' | 'files';

const syncAlertTexts: Record<
  Locale,
  {
    failed: (name: string) => string;
    partial: (name: string, count: number) => string;
    reasons: Record<SyncAlertReason, string>;
    check: string;
    footer: string;
  }
> = {
  en: {
    failed: (name) => `Sync of “${name}” failed`,
    partial: (name, count) => `Sync of “${name}”: ${count} ${count === 1 ? 'file' : 'files'} could not be synced`,
    reasons: {
      auth: 'The tool refused the stored sign-in: it may have been revoked or have expired.',
      unreachable: 'The tool could not be reached.',
      notFound: 'The folder, space or page was not found.',
      tooManyFiles: 'The folder holds more files than a sync takes.',
      other: 'The tool answered with an error.',
      files: 'The other files were synced; the sync history names the ones that failed.',
    },
    check: 'Check the connection',
    footer: 'Alert from Compliance Assistant. Until the sync works again, answers use the last synced versions.',
  },
  de: {
    failed: (name) => `Synchronisierung von «${name}» fehlgeschlagen`,
    partial: (name, count) =>
      `Synchronisierung von «${name}»: ${count} ${count === 1 ? 'Datei konnte' : 'Dateien konnten'} nicht synchronisiert werden`,
    reasons: {
      auth: 'Das Tool hat die gespeicherte Anmeldung abgelehnt: Sie wurde vielleicht widerrufen oder ist abgelaufen.',
      unreachable: 'Das Tool war nicht erreichbar.',
      notFound: 'Der Ordner, der Bereich oder die Seite wurde nicht gefunden.',
      tooManyFiles: 'Der Ordner enthält mehr Dateien, als eine Synchronisierung übernimmt.',
      other: 'Das Tool hat mit einem Fehler geantwortet.',
      files: 'Die übrigen Dateien wurden synchronisiert; der Verlauf nennt die fehlgeschlagenen.',
    },
    check: 'Verbindung prüfen',
    footer:
      'Hinweis von Compliance Assistant. Bis die Synchronisierung wieder funktioniert, stützen sich Antworten auf die zuletzt synchronisierten Versionen.',
  },
  fr: {
    failed: (name) => `La synchronisation de « ${name} » a échoué`,
    partial: (name, count) =>
      `Synchronisation de « ${name} » : ${count} ${count === 1 ? 'fichier n’a pas pu être synchronisé' : 'fichiers n’ont pas pu être synchronisés'}`,
    reasons: {
      auth: 'L’outil a refusé la connexion enregistrée : elle a peut-être été révoquée ou a expiré.',
      unreachable: 'L’outil n’a pas pu être joint.',
      notFound: 'Le dossier, l’espace ou la page est introuvable.',
      tooManyFiles: 'Le dossier contient plus de fichiers qu’une synchronisation n’en reprend.',
      other: 'L’outil a répondu par une erreur.',
      files: 'Les autres fichiers ont été synchronisés ; l’historique nomme ceux qui ont échoué.',
    },
    check: 'Vérifier la connexion',
    footer:
      'Alerte de Compliance Assistant. Tant que la synchronisation ne fonctionne pas, les réponses s’appuient sur les dernières versions synchronisées.',
  },
  it: {
    failed: (name) => `Sincronizzazione di «${name}» non riuscita`,
    partial: (name, count) =>
      `Sincronizzazione di «${name}»: ${count} ${count === 1 ? 'file non è stato sincronizzato' : 'file non sono stati sincronizzati'}`,
    reasons: {
      auth: 'Lo strumento ha rifiutato l’accesso salvato: potrebbe essere stato revocato o essere scaduto.',
      unreachable: 'Lo strumento non era raggiungibile.',
      notFound: 'La cartella, lo spazio o la pagina non è stata trovata.',
      tooManyFiles: 'La cartella contiene più file di quanti una sincronizzazione ne riprenda.',
      other: 'Lo strumento ha risposto con un errore.',
      files: 'Gli altri file sono stati sincronizzati; la cronologia indica quelli non riusciti.',
    },
    check: 'Verificare la connessione',
    footer:
      'Avviso di Compliance Assistant. Finché la sincronizzazione non funziona, le risposte si basano sulle ultime versioni sincronizzate.',
  },
};

/** A sync that started failing as a channel message, in the language of whoever set the channel up. */
export function syncFailedMessage(
  language: string,
  alert: { connectionName: string; reason: SyncAlertReason; detail: string; failedFiles: number; link: string },
): OutboundMessage {
  const texts = syncAlertTexts[(language in syncAlertTexts ? language : 'en') as Locale];
  const partial = alert.reason === 'files';
  return {
    title: partial ? texts.partial(alert.connectionName, alert.failedFiles) : texts.failed(alert.connectionName),
    text: [texts.reasons[alert.reason] ?? texts.reasons.other, alert.detail ? `(${alert.detail})` : '']
      .filter(Boolean)
      .join(' '),
    citations: [{ number: 1, title: texts.check, url: alert.link, quote: '' }],
    footer: texts.footer,
  };
}

const digestTitles: Record<Locale, (count: number) => string> = {
  en: (count) => `Compliance Assistant: ${count} alerts`,
  de: (count) => `Compliance Assistant: ${count} Hinweise`,
  fr: (count) => `Compliance Assistant : ${count} alertes`,
  it: (count) => `Compliance Assistant: ${count} avvisi`,
};

/**
 * Several messages as one (an e-mail digest of alerts, a whole conversation): each under its own
 * heading, their sources numbered on and their [n] markers following.
 */
export function combinedMessage(title: string, parts: OutboundMessage[], footer: string): OutboundMessage {
  const citations: OutboundMessage['citations'] = [];
  const sections = parts.map((part) => {
    const offset = citations.length;
    for (const citation of part.citations) citations.push({ ...citation, number: citation.number + offset });
    const text = part.text.replace(/\[(\d+)\]/g, (_, n: string) => `[${Number(n) + offset}]`);
    return `## ${part.title}\n\n${text}`;
  });
  return { title, text: sections.join('\n\n'), citations, footer };
}

/** Several alerts as one e-mail (a digest), titled in the language of whoever set the list up. */
export function alertDigestMessage(language: string, alerts: OutboundMessage[]): OutboundMessage {
  const locale = (language in digestTitles ? language : 'en') as Locale;
  return combinedMessage(digestTitles[locale](alerts.length), alerts, alerts[0]?.footer ?? '');
}
