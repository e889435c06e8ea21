/** The publisher's facts (settings `PUBLISHER_*`, `SUPPORT_EMAIL`, `LEGAL_DATE`): receipts' seller and the policies' placeholders. */
export { fillLegalPage, isPlaceholder, publisherProblems, sellerOf } from './publisher-facts';
export { builtPolicies, LEGAL_PAGES, legalPageOf, placeholdersLeft, policyProblems, readPublisherPolicies, type LegalPageName, type PublisherPolicies } from './legal-pages';
