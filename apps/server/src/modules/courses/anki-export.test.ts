import { courseContentSchema } from '@compliance/shared/courses';
import { describe, expect, it } from 'vitest';
import { ankiExport } from './anki-export.ts';

const all = (en: string) => ({ en, de: en, fr: en, it: en });
const course = courseContentSchema.parse({
  slug: 'aml',
  title: all('AML basics'),
  summary: all('x'),
  minutes: 10,
  lessons: [
    {
      slug: 'reporting',
      title: all('Reporting'),
      minutes: 5,
      body: all('x'),
      flashcards: [
        { id: 'c1', kind: 'basic', front: all('Who gets reports?'), back: all('**MROS**\nwithout delay') },
        { id: 'c2', kind: 'cloze', text: all('Reports go to {{c1::MROS}} & nobody <else>.') },
      ],
    },
  ],
});

describe('Anki export', () => {
  it('writes Anki’s plain-text import with note types, a deck, tags and escaped HTML fields', () => {
    const text = ankiExport(course, 'en', [{ front: 'Tipping\toff?', back: 'Forbidden', lessonSlug: 'reporting' }]);
    expect(text.split('\n')).toEqual([
      '#separator:tab',
      '#html:true',
      '#notetype column:1',
      '#deck:AML basics',
      '#tags column:4',
      'Basic\tWho gets reports?\t<b>MROS</b><br>without delay\taml::reporting',
      'Cloze\tReports go to {{c1::MROS}} &amp; nobody &lt;else&gt;.\t\taml::reporting',
      'Basic\tTipping off?\tForbidden\taml::reporting own',
      '',
    ]);
  });
});
