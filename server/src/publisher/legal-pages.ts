import fs from 'node:fs';
import path from 'node:path';
import type { PublisherSettings } from '../config';
import { fillLegalPage } from './publisher-facts';

/** The store's three policies, served as `static/<name>.<hash>.html` from the build. */
export const LEGAL_PAGES = ['terms', 'privacy', 'refund'] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number];

/** Which policy a build file is (`static/terms.<hash>.html` as Rspack names it), or null. */
export function legalPageOf(file: string): LegalPageName | null {
  const match = /(?:^|\/)(terms|privacy|refund)\.[0-9a-f]{8,}\.html$/.exec(file);
  return match ? (match[1] as LegalPageName) : null;
}

/** The publisher's own policies (`LEGAL_PAGES_DIR`): each page found, and what is wrong with the folder. */
export interface PublisherPolicies {
  readonly dir: string;
  readonly pages: ReadonlyMap<LegalPageName, string>;
  readonly problems: readonly string[];
}

/** Reads `terms.html`, `privacy.html` and `refund.html` from the publisher's folder; a missing one is a problem. */
export function readPublisherPolicies(dir: string): PublisherPolicies {
  const pages = new Map<LegalPageName, string>();
  const problems: string[] = [];
  for (const name of LEGAL_PAGES) {
    const file = path.join(dir, `${name}.html`);
    try {
      pages.set(name, fs.readFileSync(file, 'utf8'));
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : `cannot be read (${(error as Error).message})`;
      problems.push(`LEGAL_PAGES_DIR: ${file} ${reason}: put the publisher's reviewed ${name} policy there.`);
    }
  }
  return { dir, pages, problems };
}

/**
 * The bracketed parts a reader would still see ("[GOVERNING LAW]", "[N days]"): the page's text
 * without its scripts, styles, comments and tags. Each one once, in the page's order.
 */
export function placeholdersLeft(html: string): string[] {
  const text = html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ');
  return [...new Set([...text.matchAll(/\[[^\][\n]{1,200}\]/g)].map((match) => match[0].replace(/\s+/g, ' ')))];
}

/** The build's policy pages, by name (the host's `static/` folder); none when there is no build. */
export function builtPolicies(hostDist: string): Map<LegalPageName, string> {
  const pages = new Map<LegalPageName, string>();
  let files: string[] = [];
  try {
    files = fs.readdirSync(path.join(hostDist, 'static'));
  } catch {
    return pages;
  }
  for (const file of files) {
    const name = legalPageOf(file);
    if (name && !pages.has(name)) pages.set(name, fs.readFileSync(path.join(hostDist, 'static', file), 'utf8'));
  }
  return pages;
}

const SHOWN = 6;

/**
 * What a production store must not show players in its policies: the publisher's folder's problems,
 * and every page that, filled with the publisher's facts, still has a placeholder for counsel to write
 * (governing law, courts, retention periods…). The pages checked are the ones players would get: the
 * publisher's (`LEGAL_PAGES_DIR`) where there is one, else the build's.
 */
export function policyProblems(built: ReadonlyMap<LegalPageName, string>, policies: PublisherPolicies | null, publisher: PublisherSettings): string[] {
  const problems = [...(policies?.problems ?? [])];
  for (const name of LEGAL_PAGES) {
    const own = policies?.pages.get(name);
    const page = own ?? built.get(name);
    if (page === undefined) continue;
    const left = placeholdersLeft(fillLegalPage(page, publisher));
    if (!left.length) continue;
    const where = own !== undefined ? path.join(policies!.dir, `${name}.html`) : `the build's ${name} policy (the store's template)`;
    const shown = left.slice(0, SHOWN).join(', ') + (left.length > SHOWN ? ` and ${left.length - SHOWN} more` : '');
    problems.push(
      `${where} still shows players ${left.length} placeholder${left.length === 1 ? '' : 's'}: ${shown}. ` +
        'Write them with counsel and set LEGAL_PAGES_DIR to the folder of the reviewed terms.html, privacy.html and refund.html (docs/operations.md, "Publisher").',
    );
  }
  return problems;
}
