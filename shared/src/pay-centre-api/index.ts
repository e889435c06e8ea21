/**
 * `@topup/shared/pay-centre-api`: the desktop pay centre's calls (`POST /api/pcpay/<name>` is
 * `pcpay.<name>`), over the Family A client, and the rules of its game list, which the phone's game
 * chooser shows too.
 */
export { PAY_CENTRE_ACTIONS, pcpay, type PayCentreAction } from './pcpay';
export { groupByGame, matchesSearch, type ListedGame } from './game-list';
export { areaLabel, AREA_NAMESPACE } from './area-names';
