import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The rules the store is held to: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeFinding {
  readonly rule: string;
  readonly impact: string | null;
  readonly help: string;
  /** Each offending element: its selector and axe's summary of what is wrong. */
  readonly nodes: ReadonlyArray<{ readonly target: string; readonly summary: string }>;
}

/** axe-core's WCAG A/AA violations on the page as it is now, in a form a failed assertion shows well. */
export async function axeViolations(page: Page, options: { readonly exclude?: readonly string[] } = {}): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
  }));
}

/**
 * Fails with every violation listed when axe finds any on the page state named `state`
 * (e.g. "top-up page · ko · phone · after lookup").
 */
export async function expectNoAxeViolations(page: Page, state: string, options: { readonly exclude?: readonly string[] } = {}): Promise<void> {
  const found = await axeViolations(page, options);
  expect({ state, violations: found }).toEqual({ state, violations: [] });
}
