/** Language detection with eld (medium n-gram database) on a sample spread over the document. */
import type { DocumentLanguage } from './extracted-document.ts';
import { documentLanguages } from './extracted-document.ts';

type Detector = { detect(text: string): { language: string; isReliable(): boolean } };

let detectorPromise: Promise<Detector> | null = null;

export function loadLanguageDetector(): Promise<Detector> {
  detectorPromise ??= import('eld/medium').then((module) => module.eld as Detector);
  return detectorPromise;
}

/** Below this many letters a guess is not worth storing. */
const MIN_LETTERS = 40;
const SAMPLE_CHARS = 3_000;

export function languageSample(text: string): string {
  if (text.length <= SAMPLE_CHARS * 3) return text;
  // Beginning, middle and end: front matter and boilerplate are often in another language.
  return [0.1, 0.5, 0.85]
    .map((at) => {
      const start = Math.floor(text.length * at);
      return text.slice(start, start + SAMPLE_CHARS);
    })
    .join('\n');
}

export async function detectLanguage(text: string): Promise<DocumentLanguage | null> {
  const sample = languageSample(text);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return null;
  const detector = await loadLanguageDetector();
  const result = detector.detect(sample);
  if (!result.isReliable()) return null;
  return (documentLanguages as readonly string[]).includes(result.language)
    ? (result.language as DocumentLanguage)
    : null;
}
