import { useEffect, useState } from 'react';
import { hasRecentCharacters, loadRecentCharacters, type RecentCharacterTarget } from '@topup/shared/purchase-ui';

type Loaded = Awaited<ReturnType<typeof loadRecentCharacters>>;
let loaded: Loaded | null = null;

/** The characters used before on this device above the ID form (the list's code loads only when some are remembered). */
export function RecentCharacterPicker({ gameId, target }: { readonly gameId: string; readonly target: RecentCharacterTarget }) {
  const [recent, setRecent] = useState(() => loaded);
  const wanted = hasRecentCharacters();
  useEffect(() => {
    if (recent || !wanted) return;
    let live = true;
    void loadRecentCharacters().then((module) => {
      loaded = module;
      if (live) setRecent(module);
    });
    return () => {
      live = false;
    };
  }, [recent, wanted]);
  if (!recent || !wanted) return null;
  const { RecentCharacters } = recent;
  return <RecentCharacters gameId={gameId} target={target} prefix="pc" />;
}
