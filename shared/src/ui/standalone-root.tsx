import type { ComponentType } from 'react';

/**
 * Renders one remote's pages on their own, with the same providers the host gives them (router,
 * i18n, store), so a team can develop and test its remote alone. Only a remote's standalone entry
 * calls it, so its code loads from there and never with the host's shared chunks.
 */
export async function renderStandalone(pages: Readonly<Record<string, ComponentType>>, element: HTMLElement): Promise<void> {
  const { renderStandaloneNow } = await import('./standalone-root.lazy');
  await renderStandaloneNow(pages, element);
}
