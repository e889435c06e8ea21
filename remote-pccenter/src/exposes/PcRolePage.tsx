import '../strings';
import { PcCharacter } from '../app/role/PcCharacter';

/** /pcrole: the character the items go to. */
export default function PcRolePage() {
  return <PcCharacter />;
}
