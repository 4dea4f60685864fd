import type { Locale } from '@compliance/shared/i18n';

/** Every e-mail the app sends, in the four interface languages. Plain text plus a simple HTML part. */

export type MailTemplate =
  | { name: 'verify_email'; vars: { firstName: string; code: string } }
  | { name: 'change_email'; vars: { firstName: string; code: string } }
  | { name: 'reset_password'; vars: { firstName: string; code: string; link: string } }
  | { name: 'password_changed'; vars: { firstName: string } }
  | {
      name: 'company_invitation';
      vars: { inviterName: string; companyName: string; email: string; link: string; days: number };
    }
  | { name: 'payment_failed'; vars: { firstName: string; planName: string; graceUntil: string; link: string } }
  | {
      name: 'payment_refunded';
      vars: { firstName: string; amount: string; item: string; effect: RefundEffect; link: string };
    }
  | {
      name: 'integration_sync_failed';
      vars: { firstName: string; connectionName: string; reason: SyncFailureReason; detail: string; link: string };
    };

/**
 * What a refund changed: a subscription invoice's refund leaves the subscription running; a purchase's
 * refund ends the access it bought; a duplicate payment's refund changes nothing else.
 */
export type RefundEffect = 'subscription' | 'access_ended' | 'duplicate';

/** Why a scheduled sync failed, as the e-mail explains it. */
export type SyncFailureReason = 'auth' | 'unreachable' | 'notFound' | 'tooManyFiles' | 'other';

export type MailTemplateName = MailTemplate['name'];

interface Texts {
  subject: string;
  greeting: string;
  lines: string[];
  footer: string;
}

type Catalogue = { [Name in MailTemplateName]: (vars: Extract<MailTemplate, { name: Name }>['vars']) => Texts };

const catalogues: Record<Locale, Catalogue> = {
  en: {
    verify_email: ({ firstName, code }) => ({
      subject: `Your verification code: ${code}`,
      greeting: `Hello ${firstName},`,
      lines: [
        'Welcome to Compliance Assistant. Enter this code to confirm your e-mail address:',
        code,
        'The code is valid for 10 minutes and can be used once.',
        'If you did not create an account, you can ignore this e-mail.',
      ],
      footer: 'Compliance Assistant',
    }),
    change_email: ({ firstName, code }) => ({
      subject: `Confirm your new e-mail address: ${code}`,
      greeting: `Hello ${firstName},`,
      lines: [
        'Enter this code to confirm this address as the new e-mail address of your account:',
        code,
        'The code is valid for 10 minutes and can be used once.',
        'If you did not ask for this change, you can ignore this e-mail.',
      ],
      footer: 'Compliance Assistant',
    }),
    reset_password: ({ firstName, code, link }) => ({
      subject: `Reset your password: ${code}`,
      greeting: `Hello ${firstName},`,
      lines: [
        'Someone asked to reset the password of your account. Use this code:',
        code,
        `Or open this link: ${link}`,
        'The code and the link are valid for 10 minutes and can be used once. Every signed-in device will be signed out.',
        'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
      ],
      footer: 'Compliance Assistant',
    }),
    password_changed: ({ firstName }) => ({
      subject: 'Your password was changed',
      greeting: `Hello ${firstName},`,
      lines: [
        'The password of your account was just changed, and your other sessions were signed out.',
        'If this was not you, reset your password at once and contact your administrator.',
      ],
      footer: 'Compliance Assistant',
    }),
    payment_failed: ({ firstName, planName, graceUntil, link }) => ({
      subject: 'Your subscription payment failed',
      greeting: `Hello ${firstName},`,
      lines: [
        `The renewal payment for your ${planName} plan could not be collected.`,
        `Your plan stays active until ${graceUntil}. After that, the Free plan's limits apply; nothing you stored is deleted.`,
        `Update your payment method here: ${link}`,
      ],
      footer: 'Compliance Assistant',
    }),
    payment_refunded: ({ firstName, amount, item, effect, link }) => {
      const effects: Record<RefundEffect, string> = {
        subscription: `Invoice ${item} is now marked as refunded. Your subscription itself is not changed: it continues until you cancel it.`,
        access_ended: `The access this payment bought (“${item}”) has ended. Nothing you stored yourself is deleted.`,
        duplicate: `This was a second payment for “${item}”, which you already hold: your access stays as it is.`,
      };
      return {
        subject: `Refund of ${amount}`,
        greeting: `Hello ${firstName},`,
        lines: [
          `We have refunded ${amount} to the card you paid with. Depending on your bank, it can take a few days to appear.`,
          effects[effect],
          `Details: ${link}`,
        ],
        footer: 'Compliance Assistant',
      };
    },
    company_invitation: ({ inviterName, companyName, email, link, days }) => ({
      subject: `${inviterName} invites you to join ${companyName} on Compliance Assistant`,
      greeting: 'Hello,',
      lines: [
        `${inviterName} invites you to join the company “${companyName}” on Compliance Assistant, on the company’s plan.`,
        `Accept the invitation here: ${link}`,
        `Sign in with ${email} to accept. If you do not have an account yet, the link lets you create one with this address first.`,
        `The link works for ${days} days and once. If you did not expect this invitation, you can ignore this e-mail.`,
      ],
      footer: 'Compliance Assistant',
    }),
    integration_sync_failed: ({ firstName, connectionName, reason, detail, link }) => {
      const reasons: Record<SyncFailureReason, string> = {
        auth: 'the sign-in was refused (the password or token may have changed).',
        unreachable: 'the server could not be reached.',
        notFound: 'the folder or page no longer exists.',
        tooManyFiles: 'the folder holds more files than one sync takes.',
        other: 'the server answered with an error.',
      };
      return {
        subject: `Sync failed: ${connectionName}`,
        greeting: `Hello ${firstName},`,
        lines: [
          `The scheduled sync of your connection “${connectionName}” failed: ${reasons[reason]}`,
          `The server said: ${detail}`,
          `The documents synced before stay in the library, unchanged. Check the connection here: ${link}`,
          `You get this e-mail once; the next one comes if a sync fails again after one that worked.`,
        ],
        footer: 'Compliance Assistant',
      };
    },
  },
  de: {
    verify_email: ({ firstName, code }) => ({
      subject: `Ihr Bestätigungscode: ${code}`,
      greeting: `Guten Tag ${firstName}`,
      lines: [
        'Willkommen bei Compliance Assistant. Geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen:',
        code,
        'Der Code ist 10 Minuten gültig und kann einmal verwendet werden.',
        'Falls Sie kein Konto eröffnet haben, können Sie diese E-Mail ignorieren.',
      ],
      footer: 'Compliance Assistant',
    }),
    change_email: ({ firstName, code }) => ({
      subject: `Bestätigen Sie Ihre neue E-Mail-Adresse: ${code}`,
      greeting: `Guten Tag ${firstName}`,
      lines: [
        'Geben Sie diesen Code ein, um diese Adresse als neue E-Mail-Adresse Ihres Kontos zu bestätigen:',
        code,
        'Der Code ist 10 Minuten gültig und kann einmal verwendet werden.',
        'Falls Sie diese Änderung nicht veranlasst haben, können Sie diese E-Mail ignorieren.',
      ],
      footer: 'Compliance Assistant',
    }),
    reset_password: ({ firstName, code, link }) => ({
      subject: `Passwort zurücksetzen: ${code}`,
      greeting: `Guten Tag ${firstName}`,
      lines: [
        'Jemand hat verlangt, das Passwort Ihres Kontos zurückzusetzen. Verwenden Sie diesen Code:',
        code,
        `Oder öffnen Sie diesen Link: ${link}`,
        'Code und Link sind 10 Minuten gültig und können einmal verwendet werden. Alle angemeldeten Geräte werden abgemeldet.',
        'Falls Sie dies nicht verlangt haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
      ],
      footer: 'Compliance Assistant',
    }),
    password_changed: ({ firstName }) => ({
      subject: 'Ihr Passwort wurde geändert',
      greeting: `Guten Tag ${firstName}`,
      lines: [
        'Das Passwort Ihres Kontos wurde soeben geändert, und Ihre anderen Sitzungen wurden abgemeldet.',
        'Falls Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an Ihre Administration.',
      ],
      footer: 'Compliance Assistant',
    }),
    payment_failed: ({ firstName, planName, graceUntil, link }) => ({
      subject: 'Die Zahlung für Ihr Abonnement ist fehlgeschlagen',
      greeting: `Guten Tag ${firstName}`,
      lines: [
        `Die Verlängerungszahlung für Ihren Plan ${planName} konnte nicht eingezogen werden.`,
        `Ihr Plan bleibt bis ${graceUntil} aktiv. Danach gelten die Limiten des Free-Plans; Ihre gespeicherten Daten werden nicht gelöscht.`,
        `Aktualisieren Sie Ihre Zahlungsmethode hier: ${link}`,
      ],
      footer: 'Compliance Assistant',
    }),
    payment_refunded: ({ firstName, amount, item, effect, link }) => {
      const effects: Record<RefundEffect, string> = {
        subscription: `Die Rechnung ${item} ist nun als erstattet markiert. Ihr Abonnement selbst bleibt unverändert: Es läuft weiter, bis Sie es kündigen.`,
        access_ended: `Der mit dieser Zahlung erworbene Zugang («${item}») ist beendet. Von Ihnen selbst gespeicherte Daten werden nicht gelöscht.`,
        duplicate: `Es handelte sich um eine zweite Zahlung für «${item}», das Sie bereits besitzen: Ihr Zugang bleibt bestehen.`,
      };
      return {
        subject: `Rückerstattung von ${amount}`,
        greeting: `Guten Tag ${firstName}`,
        lines: [
          `Wir haben ${amount} auf die Karte zurückerstattet, mit der Sie bezahlt haben. Je nach Bank kann es einige Tage dauern, bis der Betrag erscheint.`,
          effects[effect],
          `Details: ${link}`,
        ],
        footer: 'Compliance Assistant',
      };
    },
    company_invitation: ({ inviterName, companyName, email, link, days }) => ({
      subject: `${inviterName} lädt Sie zu ${companyName} auf Compliance Assistant ein`,
      greeting: 'Guten Tag',
      lines: [
        `${inviterName} lädt Sie ein, der Firma «${companyName}» auf Compliance Assistant beizutreten, mit dem Abonnement der Firma.`,
        `Nehmen Sie die Einladung hier an: ${link}`,
        `Melden Sie sich dazu mit ${email} an. Falls Sie noch kein Konto haben, können Sie über den Link zuerst eines mit dieser Adresse eröffnen.`,
        `Der Link ist ${days} Tage gültig und kann einmal verwendet werden. Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.`,
      ],
      footer: 'Compliance Assistant',
    }),
    integration_sync_failed: ({ firstName, connectionName, reason, detail, link }) => {
      const reasons: Record<SyncFailureReason, string> = {
        auth: 'die Anmeldung wurde abgelehnt (Passwort oder Token wurden vielleicht geändert).',
        unreachable: 'der Server war nicht erreichbar.',
        notFound: 'der Ordner oder die Seite existiert nicht mehr.',
        tooManyFiles: 'der Ordner enthält mehr Dateien, als eine Synchronisierung übernimmt.',
        other: 'der Server hat mit einem Fehler geantwortet.',
      };
      return {
        subject: `Synchronisierung fehlgeschlagen: ${connectionName}`,
        greeting: `Guten Tag ${firstName},`,
        lines: [
          `Die geplante Synchronisierung Ihrer Verbindung «${connectionName}» ist fehlgeschlagen: ${reasons[reason]}`,
          `Meldung des Servers: ${detail}`,
          `Die bisher synchronisierten Dokumente bleiben unverändert in der Bibliothek. Prüfen Sie die Verbindung hier: ${link}`,
          `Sie erhalten diese E-Mail einmal; die nächste kommt, wenn nach einer erfolgreichen Synchronisierung wieder eine fehlschlägt.`,
        ],
        footer: 'Compliance Assistant',
      };
    },
  },
  fr: {
    verify_email: ({ firstName, code }) => ({
      subject: `Votre code de vérification : ${code}`,
      greeting: `Bonjour ${firstName},`,
      lines: [
        'Bienvenue sur Compliance Assistant. Saisissez ce code pour confirmer votre adresse e-mail :',
        code,
        'Le code est valable 10 minutes et ne peut être utilisé qu’une fois.',
        'Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail.',
      ],
      footer: 'Compliance Assistant',
    }),
    change_email: ({ firstName, code }) => ({
      subject: `Confirmez votre nouvelle adresse e-mail : ${code}`,
      greeting: `Bonjour ${firstName},`,
      lines: [
        'Saisissez ce code pour confirmer cette adresse comme nouvelle adresse e-mail de votre compte :',
        code,
        'Le code est valable 10 minutes et ne peut être utilisé qu’une fois.',
        'Si vous n’avez pas demandé ce changement, vous pouvez ignorer cet e-mail.',
      ],
      footer: 'Compliance Assistant',
    }),
    reset_password: ({ firstName, code, link }) => ({
      subject: `Réinitialisez votre mot de passe : ${code}`,
      greeting: `Bonjour ${firstName},`,
      lines: [
        'Une réinitialisation du mot de passe de votre compte a été demandée. Utilisez ce code :',
        code,
        `Ou ouvrez ce lien : ${link}`,
        'Le code et le lien sont valables 10 minutes et ne peuvent être utilisés qu’une fois. Tous les appareils connectés seront déconnectés.',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
      ],
      footer: 'Compliance Assistant',
    }),
    password_changed: ({ firstName }) => ({
      subject: 'Votre mot de passe a été modifié',
      greeting: `Bonjour ${firstName},`,
      lines: [
        'Le mot de passe de votre compte vient d’être modifié et vos autres sessions ont été déconnectées.',
        'Si ce n’était pas vous, réinitialisez immédiatement votre mot de passe et contactez votre administrateur.',
      ],
      footer: 'Compliance Assistant',
    }),
    payment_failed: ({ firstName, planName, graceUntil, link }) => ({
      subject: 'Le paiement de votre abonnement a échoué',
      greeting: `Bonjour ${firstName},`,
      lines: [
        `Le paiement du renouvellement de votre formule ${planName} n’a pas pu être encaissé.`,
        `Votre formule reste active jusqu’au ${graceUntil}. Ensuite, les limites de la formule Free s’appliquent ; rien de ce que vous avez enregistré n’est supprimé.`,
        `Mettez à jour votre moyen de paiement ici : ${link}`,
      ],
      footer: 'Compliance Assistant',
    }),
    payment_refunded: ({ firstName, amount, item, effect, link }) => {
      const effects: Record<RefundEffect, string> = {
        subscription: `La facture ${item} est désormais marquée comme remboursée. Votre abonnement lui-même n’est pas modifié : il continue jusqu’à sa résiliation.`,
        access_ended: `L’accès acheté avec ce paiement (« ${item} ») a pris fin. Rien de ce que vous avez enregistré vous-même n’est supprimé.`,
        duplicate: `Il s’agissait d’un second paiement pour « ${item} », que vous possédez déjà : votre accès reste inchangé.`,
      };
      return {
        subject: `Remboursement de ${amount}`,
        greeting: `Bonjour ${firstName},`,
        lines: [
          `Nous avons remboursé ${amount} sur la carte avec laquelle vous avez payé. Selon votre banque, l’opération peut prendre quelques jours à apparaître.`,
          effects[effect],
          `Détails : ${link}`,
        ],
        footer: 'Compliance Assistant',
      };
    },
    company_invitation: ({ inviterName, companyName, email, link, days }) => ({
      subject: `${inviterName} vous invite à rejoindre ${companyName} sur Compliance Assistant`,
      greeting: 'Bonjour,',
      lines: [
        `${inviterName} vous invite à rejoindre l’entreprise « ${companyName} » sur Compliance Assistant, avec l’abonnement de l’entreprise.`,
        `Acceptez l’invitation ici : ${link}`,
        `Connectez-vous avec ${email} pour l’accepter. Si vous n’avez pas encore de compte, le lien vous permet d’en créer un avec cette adresse.`,
        `Le lien est valable ${days} jours et ne peut être utilisé qu’une fois. Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.`,
      ],
      footer: 'Compliance Assistant',
    }),
    integration_sync_failed: ({ firstName, connectionName, reason, detail, link }) => {
      const reasons: Record<SyncFailureReason, string> = {
        auth: 'la connexion a été refusée (le mot de passe ou le jeton a peut-être changé).',
        unreachable: 'le serveur était injoignable.',
        notFound: 'le dossier ou la page n’existe plus.',
        tooManyFiles: 'le dossier contient plus de fichiers qu’une synchronisation n’en prend.',
        other: 'le serveur a répondu par une erreur.',
      };
      return {
        subject: `Échec de la synchronisation : ${connectionName}`,
        greeting: `Bonjour ${firstName},`,
        lines: [
          `La synchronisation planifiée de votre connexion « ${connectionName} » a échoué : ${reasons[reason]}`,
          `Réponse du serveur : ${detail}`,
          `Les documents déjà synchronisés restent inchangés dans la bibliothèque. Vérifiez la connexion ici : ${link}`,
          `Vous recevez cet e-mail une seule fois ; le suivant arrivera si une synchronisation échoue de nouveau après une réussite.`,
        ],
        footer: 'Compliance Assistant',
      };
    },
  },
  it: {
    verify_email: ({ firstName, code }) => ({
      subject: `Il suo codice di verifica: ${code}`,
      greeting: `Buongiorno ${firstName},`,
      lines: [
        'Benvenuto in Compliance Assistant. Inserisca questo codice per confermare il suo indirizzo e-mail:',
        code,
        'Il codice è valido 10 minuti e può essere usato una sola volta.',
        'Se non ha creato un account, può ignorare questa e-mail.',
      ],
      footer: 'Compliance Assistant',
    }),
    change_email: ({ firstName, code }) => ({
      subject: `Confermi il nuovo indirizzo e-mail: ${code}`,
      greeting: `Buongiorno ${firstName},`,
      lines: [
        'Inserisca questo codice per confermare questo indirizzo come nuovo indirizzo e-mail del suo account:',
        code,
        'Il codice è valido 10 minuti e può essere usato una sola volta.',
        'Se non ha richiesto questa modifica, può ignorare questa e-mail.',
      ],
      footer: 'Compliance Assistant',
    }),
    reset_password: ({ firstName, code, link }) => ({
      subject: `Reimposti la password: ${code}`,
      greeting: `Buongiorno ${firstName},`,
      lines: [
        'È stato chiesto di reimpostare la password del suo account. Usi questo codice:',
        code,
        `Oppure apra questo link: ${link}`,
        'Il codice e il link sono validi 10 minuti e possono essere usati una sola volta. Tutti i dispositivi connessi verranno disconnessi.',
        'Se non ha fatto lei questa richiesta, ignori questa e-mail: la password resta invariata.',
      ],
      footer: 'Compliance Assistant',
    }),
    password_changed: ({ firstName }) => ({
      subject: 'La sua password è stata modificata',
      greeting: `Buongiorno ${firstName},`,
      lines: [
        'La password del suo account è appena stata modificata e le altre sessioni sono state disconnesse.',
        'Se non è stato lei, reimposti subito la password e contatti l’amministratore.',
      ],
      footer: 'Compliance Assistant',
    }),
    payment_failed: ({ firstName, planName, graceUntil, link }) => ({
      subject: 'Il pagamento del Suo abbonamento non è riuscito',
      greeting: `Buongiorno ${firstName},`,
      lines: [
        `Non è stato possibile incassare il pagamento del rinnovo del Suo piano ${planName}.`,
        `Il Suo piano resta attivo fino al ${graceUntil}. In seguito si applicano i limiti del piano Free; nulla di quanto ha salvato viene eliminato.`,
        `Aggiorni qui il Suo metodo di pagamento: ${link}`,
      ],
      footer: 'Compliance Assistant',
    }),
    payment_refunded: ({ firstName, amount, item, effect, link }) => {
      const effects: Record<RefundEffect, string> = {
        subscription: `La fattura ${item} è ora contrassegnata come rimborsata. Il Suo abbonamento non cambia: continua finché non lo disdice.`,
        access_ended: `L’accesso acquistato con questo pagamento («${item}») è terminato. Nulla di quanto ha salvato Lei stesso viene eliminato.`,
        duplicate: `Si trattava di un secondo pagamento per «${item}», che possiede già: il Suo accesso resta invariato.`,
      };
      return {
        subject: `Rimborso di ${amount}`,
        greeting: `Buongiorno ${firstName},`,
        lines: [
          `Abbiamo rimborsato ${amount} sulla carta con cui ha pagato. A seconda della banca, possono volerci alcuni giorni prima che l’importo compaia.`,
          effects[effect],
          `Dettagli: ${link}`,
        ],
        footer: 'Compliance Assistant',
      };
    },
    company_invitation: ({ inviterName, companyName, email, link, days }) => ({
      subject: `${inviterName} la invita a unirsi a ${companyName} su Compliance Assistant`,
      greeting: 'Buongiorno,',
      lines: [
        `${inviterName} la invita a unirsi all’azienda «${companyName}» su Compliance Assistant, con l’abbonamento dell’azienda.`,
        `Accetti l’invito qui: ${link}`,
        `Acceda con ${email} per accettarlo. Se non ha ancora un account, il link le permette di crearne prima uno con questo indirizzo.`,
        `Il link è valido ${days} giorni e può essere usato una sola volta. Se non si aspettava questo invito, può ignorare questa e-mail.`,
      ],
      footer: 'Compliance Assistant',
    }),
    integration_sync_failed: ({ firstName, connectionName, reason, detail, link }) => {
      const reasons: Record<SyncFailureReason, string> = {
        auth: 'l’accesso è stato rifiutato (la password o il token potrebbero essere cambiati).',
        unreachable: 'il server non era raggiungibile.',
        notFound: 'la cartella o la pagina non esiste più.',
        tooManyFiles: 'la cartella contiene più file di quanti una sincronizzazione ne prenda.',
        other: 'il server ha risposto con un errore.',
      };
      return {
        subject: `Sincronizzazione non riuscita: ${connectionName}`,
        greeting: `Buongiorno ${firstName},`,
        lines: [
          `La sincronizzazione pianificata della sua connessione «${connectionName}» non è riuscita: ${reasons[reason]}`,
          `Risposta del server: ${detail}`,
          `I documenti già sincronizzati restano invariati nella biblioteca. Verifichi la connessione qui: ${link}`,
          `Riceve questa e-mail una sola volta; la prossima arriverà se una sincronizzazione non riesce di nuovo dopo una riuscita.`,
        ],
        footer: 'Compliance Assistant',
      };
    },
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail(template: MailTemplate, language: Locale): RenderedMail {
  const catalogue = catalogues[language] ?? catalogues.en;
  const render = catalogue[template.name] as (vars: MailTemplate['vars']) => Texts;
  const texts = render(template.vars);
  const text = [texts.greeting, '', ...texts.lines.flatMap((line) => [line, '']), '—', texts.footer].join('\n');
  const code = 'code' in template.vars ? template.vars.code : undefined;
  const htmlLines = texts.lines
    .map((line) =>
      line === code
        ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace">${escapeHtml(line)}</p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join('');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;color:#1f2937"><p>${escapeHtml(texts.greeting)}</p>${htmlLines}<p style="color:#6b7280">— ${escapeHtml(texts.footer)}</p></body></html>`;
  return { subject: texts.subject, text, html };
}
