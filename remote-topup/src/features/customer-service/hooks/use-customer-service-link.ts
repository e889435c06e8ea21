export { useGameCustomerService as useCustomerServiceLink } from '../../../lib/use-game-customer-service';
