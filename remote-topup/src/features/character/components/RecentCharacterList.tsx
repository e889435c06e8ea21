import { useEffect, useState } from 'react';
import { loadRecentCharacters } from '@topup/shared/purchase-ui';
import type { CharacterModel } from '../hooks/use-character';
import './recent-characters.css';

type Loaded = Awaited<ReturnType<typeof loadRecentCharacters>>;
let loaded: Loaded | null = null;

interface Props {
  readonly gameId: string;
  readonly character: CharacterModel;
}

/** The recent characters above the phone's character form (this module loads only when some are remembered). */
export default function RecentCharacterList({ gameId, character }: Props) {
  const [recent, setRecent] = useState(() => loaded);
  useEffect(() => {
    if (recent) return;
    let live = true;
    void loadRecentCharacters().then((module) => {
      loaded = module;
      if (live) setRecent(module);
    });
    return () => {
      live = false;
    };
  }, [recent]);
  if (!recent) return null;
  const { RecentCharacters } = recent;
  return <RecentCharacters gameId={gameId} target={character} prefix="tp" />;
}
