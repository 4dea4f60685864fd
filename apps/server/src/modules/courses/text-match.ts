/**
 * Matching a learner's words against expected terms, forgiving what learners' writing varies in:
 * case, accents, and inflection (plural, case and gender endings).
 */

export interface Token {
  word: string;
  /** Offset of the word in the essay, to find its sentence. */
  at: number;
}

/** Lower case, accents off: "Identität" and "identitat", "vérifier" and "verifier" meet. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function tokenize(text: string): Token[] {
  const folded = fold(text);
  return [...folded.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({ word: match[0], at: match.index }));
}

/**
 * Two words are the same concept word when equal, when one is the other plus a short ending (plural,
 * case, gender: "owner"/"owners", "Pflicht"/"Pflichten"), or when both share a stem of at least five
 * letters and differ only in a final vowel or two ("obbligo"/"obblighi" do not, "identificare"/"identificato" do).
 */
function sameWord(essayWord: string, termWord: string): boolean {
  if (essayWord === termWord) return true;
  if (termWord.length < 4) return false;
  if (essayWord.startsWith(termWord) && essayWord.length - termWord.length <= 3) return true;
  if (termWord.startsWith(essayWord) && termWord.length - essayWord.length <= 2 && essayWord.length >= 5) return true;
  const stem = (word: string) => word.replace(/[aeiouyns]{1,2}$/u, '');
  const a = stem(essayWord);
  return a.length >= 5 && a === stem(termWord);
}

/** Where the term occurs in the essay (the first word's offset), or -1. */
export function findTerm(tokens: Token[], term: string): number {
  const words = tokenize(term).map((token) => token.word);
  if (words.length === 0) return -1;
  outer: for (let i = 0; i + words.length <= tokens.length; i += 1) {
    for (let j = 0; j < words.length; j += 1) {
      if (!sameWord(tokens[i + j]!.word, words[j]!)) continue outer;
    }
    return tokens[i]!.at;
  }
  return -1;
}

/** Whether a short answer says one of the accepted wordings (and not much besides). */
export function matchesShortAnswer(answer: string, accepted: string[]): boolean {
  const tokens = tokenize(answer);
  if (tokens.length === 0) return false;
  return accepted.some((wording) => {
    const words = tokenize(wording).length;
    return words > 0 && tokens.length <= words + 4 && findTerm(tokens, wording) >= 0;
  });
}
