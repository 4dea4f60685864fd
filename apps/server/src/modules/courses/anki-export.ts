import type { CourseContent } from '@compliance/shared/courses';
import type { Locale } from '@compliance/shared/locales';

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** A field of Anki's tab-separated import: HTML, line breaks as <br>, no tabs, Markdown bold kept as <b>. */
function field(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
    .replaceAll('\t', ' ')
    .replace(/\r?\n/g, '<br>');
}

/**
 * A course's flashcards (and the learner's own) as an Anki import file: the plain-text format with
 * header lines, the note type per row (Basic or Cloze, cloze deletions in Anki's own syntax), one deck
 * per course and the lesson as a tag.
 */
export function ankiExport(
  course: CourseContent,
  language: Locale,
  ownCards: { front: string; back: string; lessonSlug: string }[],
): string {
  const deck = course.title[language].replaceAll('\t', ' ').replaceAll('::', ':');
  const lines = ['#separator:tab', '#html:true', '#notetype column:1', `#deck:${deck}`, '#tags column:4'];
  for (const lesson of course.lessons) {
    const tag = `${course.slug}::${lesson.slug}`;
    for (const card of lesson.flashcards) {
      lines.push(
        card.kind === 'cloze'
          ? ['Cloze', field(card.text[language]), '', tag].join('\t')
          : ['Basic', field(card.front[language]), field(card.back[language]), tag].join('\t'),
      );
    }
  }
  for (const card of ownCards) {
    lines.push(['Basic', field(card.front), field(card.back), `${course.slug}::${card.lessonSlug} own`].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}
