import type { CourseCitation, CourseSource } from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';

export interface SeededSectionsLookup {
  findSeededSections(
    documents: Array<{ id: string; language: string }>,
  ): Promise<
    Array<{ fileId: string; sourceKey: string; title: string; sections: { heading: string; page: number }[] }>
  >;
}

export type CiteSource = (source: CourseSource | undefined) => CourseCitation | null;

const sameHeading = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Resolves the knowledge-base passages that course content cites (a document id and an English `##`
 * heading) to library files in the learner's language: a translation's section is the one at the same
 * position when the translation has the same sections, otherwise the English document is cited. One
 * look-up per batch of sources.
 */
export async function createCitationResolver(
  knowledge: SeededSectionsLookup,
  sources: Array<CourseSource | undefined>,
  language: Locale,
): Promise<CiteSource> {
  const ids = [...new Set(sources.flatMap((source) => (source ? [source.document] : [])))];
  const documents = await knowledge.findSeededSections(
    ids.flatMap((id) =>
      language === 'en'
        ? [{ id, language: 'en' }]
        : [
            { id, language: 'en' },
            { id, language },
          ],
    ),
  );
  const byKey = new Map(documents.map((document) => [document.sourceKey, document]));

  return (source) => {
    if (!source) return null;
    const english = byKey.get(`${source.document}:en`);
    const translation = language === 'en' ? undefined : byKey.get(`${source.document}:${language}`);
    const index = english ? english.sections.findIndex((section) => sameHeading(section.heading, source.section)) : -1;
    if (translation && english && index >= 0 && translation.sections.length === english.sections.length) {
      const section = translation.sections[index]!;
      return {
        fileId: translation.fileId,
        title: translation.title,
        section: section.heading,
        language,
        page: section.page,
      };
    }
    if (english) {
      return {
        fileId: english.fileId,
        title: english.title,
        section: index >= 0 ? english.sections[index]!.heading : source.section,
        language: 'en',
        page: index >= 0 ? english.sections[index]!.page : null,
      };
    }
    return { fileId: null, title: source.document, section: source.section, language: null, page: null };
  };
}
