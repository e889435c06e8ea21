import { useTranslation } from 'react-i18next';
import { REMOTE_IDS, type RemoteRegistry } from '@topup/shared/contracts';
import { STAFF_NAMESPACE } from './staff-strings';

interface Props {
  readonly registry: RemoteRegistry | null;
  readonly refused: string | null;
}

/** Tells a tester which preview this tab runs, or that the one asked for does not exist (loaded only then). */
export function PreviewNotice({ registry, refused }: Props) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  const previews = REMOTE_IDS.filter((r) => registry?.remotes[r]?.preview).map((r) => `${r}@${registry?.remotes[r]?.version}`);
  if (!refused && previews.length === 0) return null;
  return (
    <div className={`preview-notice${refused ? ' preview-notice--refused' : ''}`} role="status" data-testid="preview-notice">
      {refused ? t('preview.refused', { preview: refused }) : t('preview.active', { previews: previews.join(', ') })}
    </div>
  );
}
