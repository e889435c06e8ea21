/** The publisher's facts (settings `PUBLISHER_*`, `SUPPORT_EMAIL`, `LEGAL_DATE`): receipts' seller and the policies' placeholders. */
export { fillLegalPage, isLegalPage, isPlaceholder, publisherProblems, sellerOf } from './publisher-facts';
