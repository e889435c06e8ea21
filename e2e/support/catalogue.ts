/**
 * Changing the catalogue mid-test as a merchandiser does: the current catalogue file downloaded
 * from the back office (`/ops/api/catalogue/file`), edited, imported as a new revision. The store
 * must be the file's own (`ownStore`) and started with `OPS_TOKEN`.
 */

export interface CatalogueFileRows {
  bundles: Array<{ product_id: string; price_minor: number; role_buy_limit: number }>;
  servers: Array<{ game_id: number; area: string; server_id: string; open: boolean }>;
  [list: string]: unknown;
}

export async function editCatalogue(baseUrl: string, opsToken: string, edit: (file: CatalogueFileRows) => void): Promise<void> {
  const headers = { authorization: `Bearer ${opsToken}`, 'content-type': 'application/json', 'x-ops-actor': 'e2e' };
  const file = (await (await fetch(`${baseUrl}/ops/api/catalogue/file`, { headers })).json()) as CatalogueFileRows;
  edit(file);
  const answer = await fetch(`${baseUrl}/ops/api/catalogue/import`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ file, reason: 'changed by a browser test', request_key: `e2e-${Math.random().toString(36).slice(2)}`, confirm_price_changes: true }),
  });
  if (!answer.ok) throw new Error(`catalogue import: HTTP ${answer.status} ${await answer.text()}`);
}

/** Sets a bundle's price (minor units: cents, won). */
export function setPrice(baseUrl: string, opsToken: string, productId: string, priceMinor: number): Promise<void> {
  return editCatalogue(baseUrl, opsToken, (file) => {
    const bundle = file.bundles.find((row) => row.product_id === productId);
    if (!bundle) throw new Error(`no bundle ${productId} in the catalogue`);
    bundle.price_minor = priceMinor;
  });
}
