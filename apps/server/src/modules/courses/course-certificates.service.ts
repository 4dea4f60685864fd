import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CertificateVerification } from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';
import { embedTextFonts, printable } from '../../lib/pdf-fonts.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Actor, UserActor } from '../access/actor.ts';
import { progressOf, visibleCourse, type CoursesDeps } from './course-context.ts';
import type { CertificateRow } from './courses.repository.ts';

const labels: Record<
  Locale,
  { title: string; intro: string; completed: string; score: string; issued: string; verify: string }
> = {
  en: {
    title: 'Certificate of completion',
    intro: 'This certifies that',
    completed: 'has completed the course',
    score: 'Final test score',
    issued: 'Issued on',
    verify: 'Verify this certificate at',
  },
  de: {
    title: 'Teilnahmebestätigung',
    intro: 'Hiermit wird bestätigt, dass',
    completed: 'den folgenden Kurs abgeschlossen hat',
    score: 'Ergebnis der Abschlussprüfung',
    issued: 'Ausgestellt am',
    verify: 'Prüfen Sie diese Bestätigung unter',
  },
  fr: {
    title: 'Attestation de réussite',
    intro: 'Nous attestons que',
    completed: 'a suivi avec succès le cours',
    score: 'Résultat du test final',
    issued: 'Délivrée le',
    verify: 'Vérifiez cette attestation sur',
  },
  it: {
    title: 'Attestato di completamento',
    intro: 'Si attesta che',
    completed: 'ha completato il corso',
    score: 'Punteggio del test finale',
    issued: 'Rilasciato il',
    verify: 'Verifichi questo attestato su',
  },
};

/** Certificates: issued when a course is complete, signed, checkable by anyone with the link, as PDF. */
export function createCourseCertificatesService(deps: CoursesDeps) {
  const { access, repository } = deps;

  async function signature(certificate: CertificateRow): Promise<string> {
    const payload = [
      certificate.id,
      certificate.userId,
      certificate.courseSlug,
      certificate.holderName,
      certificate.score,
      certificate.issuedAt.toISOString(),
    ].join('|');
    return createHmac('sha256', await deps.certificateKey())
      .update(payload)
      .digest('base64url')
      .slice(0, 32);
  }

  async function verificationUrl(certificate: CertificateRow): Promise<string> {
    return `${deps.publicUrl}/certificates/${certificate.id}?sig=${await signature(certificate)}`;
  }

  async function ownCertificate(caller: UserActor, slug: string): Promise<CertificateRow> {
    const certificate = await repository.findCertificate(caller.user.id, slug);
    if (!certificate) throw new AppError('CERTIFICATE_NOT_AVAILABLE', 404, 'This course is not completed yet');
    return certificate;
  }

  return {
    /** Issues the certificate once the course is complete (lessons read, final test passed); its id, or null. */
    async issueIfComplete(caller: UserActor, slug: string): Promise<string | null> {
      const row = await visibleCourse(deps, caller, slug);
      const progress = await progressOf(deps, caller.user.id, row);
      if (progress.certificateId) return progress.certificateId;
      if (!progress.completed) return null;
      const certificate = await repository.insertCertificate({
        userId: caller.user.id,
        courseSlug: slug,
        holderName: `${caller.user.firstName} ${caller.user.lastName}`.trim() || caller.user.email,
        score: progress.bestScore ?? 0,
        issuedAt: deps.now(),
      });
      return certificate.id;
    },

    async getCertificate(actor: Actor, { slug }: { slug: string }) {
      const caller = await access.require(actor, 'course.learn');
      const certificate = await ownCertificate(caller, slug);
      return {
        id: certificate.id,
        issuedAt: certificate.issuedAt.toISOString(),
        score: certificate.score,
        verificationUrl: await verificationUrl(certificate),
      };
    },

    async certificatePdf(actor: Actor, { slug, lang }: { slug: string; lang: Locale }): Promise<Uint8Array> {
      const caller = await access.require(actor, 'course.learn');
      const row = await visibleCourse(deps, caller, slug);
      const certificate = await ownCertificate(caller, slug);
      const text = labels[lang];
      // pdf-lib is loaded with the first PDF, not at start (docs/performance.md, "Memory").
      const { PDFDocument, rgb } = await import('pdf-lib');
      const pdf = await PDFDocument.create();
      pdf.setTitle(`${text.title} – ${row.content.title[lang]}`);
      pdf.setCreator('Compliance Assistant');
      const page = pdf.addPage([842, 595]);
      const { regular, bold } = await embedTextFonts(pdf);
      const centre = (value: string, y: number, size: number, font = regular, colour = rgb(0.1, 0.1, 0.15)) => {
        const line = printable(value, font);
        const width = font.widthOfTextAtSize(line, size);
        page.drawText(line, { x: (842 - width) / 2, y, size, font, color: colour });
      };
      page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: rgb(0.15, 0.3, 0.55), borderWidth: 2 });
      centre(text.title, 480, 30, bold, rgb(0.15, 0.3, 0.55));
      centre(text.intro, 420, 14);
      centre(certificate.holderName, 385, 26, bold);
      centre(text.completed, 345, 14);
      centre(row.content.title[lang], 310, 20, bold);
      const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(certificate.issuedAt);
      centre(`${text.score}: ${Math.round(certificate.score)} %   ·   ${text.issued} ${date}`, 250, 12);
      centre(text.verify, 110, 10);
      centre(await verificationUrl(certificate), 94, 9, regular, rgb(0.15, 0.3, 0.55));
      centre(certificate.id, 78, 8, regular, rgb(0.4, 0.4, 0.45));
      return pdf.save();
    },

    /** Anyone holding the link: whether the certificate is genuine, and whose it is. */
    async verify(actor: Actor, input: { id: string; sig: string; lang: Locale }): Promise<CertificateVerification> {
      await access.require(actor, 'certificate.verify');
      const invalid: CertificateVerification = {
        valid: false,
        holder: null,
        courseTitle: null,
        score: null,
        issuedAt: null,
      };
      const certificate = await repository.certificateById(input.id);
      if (!certificate) return invalid;
      const expected = Buffer.from(await signature(certificate));
      const given = Buffer.from(input.sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return invalid;
      const course = await repository.findCourse(certificate.courseSlug);
      return {
        valid: true,
        holder: certificate.holderName,
        courseTitle: course?.content.title[input.lang] ?? certificate.courseSlug,
        score: certificate.score,
        issuedAt: certificate.issuedAt.toISOString(),
      };
    },
  };
}
