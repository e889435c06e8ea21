/** One way to read data in the remotes: cancellation, stale answers, error dialogs and retry in one place. */
export { useQuery, type QueryOptions, type QueryResult } from './use-query';
export { useCustomerService } from './use-customer-service';
