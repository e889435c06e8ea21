import type { Catalogue } from '../../catalogue/catalogue';

/** Most answers a catalogue can have before the cache starts over (bounds odd spellings of inputs). */
const MAX_ANSWERS = 5000;

/**
 * Serialized answers that depend only on the catalogue and the request, kept with the catalogue
 * snapshot they were made from: a new catalogue (after a write) starts with no answers.
 */
export class AnswerCache {
  private readonly byCatalogue = new WeakMap<Catalogue, Map<string, string>>();

  get(catalogue: Catalogue, key: string): string | undefined {
    return this.byCatalogue.get(catalogue)?.get(key);
  }

  set(catalogue: Catalogue, key: string, answer: string): void {
    let answers = this.byCatalogue.get(catalogue);
    if (!answers || answers.size >= MAX_ANSWERS) {
      answers = new Map();
      this.byCatalogue.set(catalogue, answers);
    }
    answers.set(key, answer);
  }
}
