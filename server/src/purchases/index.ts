/** A character's purchases: what it bought (delivered orders) and the periods its limits count in. */
export { limitPeriodStartSql, paidInPeriodSql } from './limit-period';
export { deliveredPurchases, type BundlePurchases, type Purchaser } from './role-purchases';
