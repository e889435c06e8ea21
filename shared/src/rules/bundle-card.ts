/**
 * Product-card rules of spec §2 and §3: which subtitle and which corner tag a bundle shows.
 * Isomorphic: the mobile page and the pay centre show the same card.
 */
export interface BundleCardFields {
  readonly product_content: string;
  readonly first_buy: number | string;
  readonly first_pay_icon: string;
  readonly first_pay_content: string;
  readonly pay_icon: string;
  readonly pay_content: string;
}

function isFirstBuy(bundle: Pick<BundleCardFields, 'first_buy'>): boolean {
  return Number(bundle.first_buy) === 1;
}

/**
 * In detail mode the subtitle is the description; otherwise the first-purchase text when the
 * offer applies and has one; otherwise the normal text when the offer does not apply.
 */
export function bundleSubtitle(bundle: BundleCardFields, detailMode: boolean): string {
  if (detailMode) return bundle.product_content;
  if (isFirstBuy(bundle) && bundle.first_pay_content) return bundle.first_pay_content;
  if (Number(bundle.first_buy) === 0) return bundle.pay_content;
  return '';
}

/** The corner tag: `first_pay_icon` while the first-purchase offer applies, `pay_icon` otherwise. */
export function bundleTag(bundle: BundleCardFields): string {
  if (isFirstBuy(bundle)) return bundle.first_pay_icon;
  if (Number(bundle.first_buy) === 0) return bundle.pay_icon;
  return '';
}

/** The info icon shows only when the bundle has a description. */
export function hasBundleDescription(bundle: Pick<BundleCardFields, 'product_content'>): boolean {
  return bundle.product_content.trim() !== '';
}
