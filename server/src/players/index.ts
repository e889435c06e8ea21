/**
 * Returning players (decision 304): a character proven with a one-time code mailed into the game,
 * the browser's link to it, and the mails the store sends a character that are no order's.
 */
export type { Character, Language } from './character';
export { charactersFollowing, createLink, endLink, FOLLOWING_MAX, LINK_LIFE_MS, linksOfCharacter, linkTo, liveLinks, type FollowingCharacter, type LinkedCharacter } from './character-links';
export { cookieValueWith, LINK_COOKIE, linkIdsOf, linkToken, MAX_LINKS_PER_BROWSER } from './link-cookie';
export { CODE_LIFE_MS, CODE_TRIES, confirmOwnershipCode, sendOwnershipCode, type CodeOutcome, type CodeRefusal } from './ownership-codes';
export { ownershipMail } from './ownership-mail';
export { playerMailsOf, queuePlayerMailIn, sendPlayerMail, type PlayerMail, type PlayerMailContext } from './player-mails';
export { claimDailyGift, claimedToday, giftDay, giftsOf, itemIn, resendGift, type GiftDay, type GiftOutcome } from './daily-gift';
export { redeemPoints, type RedeemOutcome } from './redeem-points';
export {
  balanceOf,
  correctPoints,
  lockPoints,
  earnPointsForOrder,
  pointsOf,
  POINTS_RECONCILIATION_SQL,
  reconcilePoints,
  removePointsForRefund,
  tierOf,
  type PointsEntry,
  type PointsMismatch,
  type Tier,
} from './points';
