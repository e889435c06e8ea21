import '../strings';

/** /pcrole: the character the items go to. */
export { PcRolePage as default } from '../pages/PcRolePage';
