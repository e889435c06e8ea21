import '../strings';

/** /ops/*: the back office (sign-in, support desk, tickets, releases, operators, audit log). */
export { OpsConsole as default } from '../app/OpsConsole';
