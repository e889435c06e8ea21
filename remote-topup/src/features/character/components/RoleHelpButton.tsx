import { PURCHASE_UI_NAMESPACE } from '@topup/shared/purchase-ui';
import { isDialogDismissed, openDialog, previewImage } from '@topup/shared/ui';
import { QuestionIcon } from '../../../lib/icons';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

/** The question icon of games 14, 136 and 182: where to find the character ID, with zoom. */
export default function RoleHelpButton({ imageUrl }: { readonly imageUrl: string }) {
  const { t } = useTopUpTranslation();
  const title = t('character.helpTitle');
  const open = () => {
    openDialog({
      title,
      showConfirm: false,
      showClose: true,
      className: 'tp-help-image-dialog',
      render: () => (
        <>
          <button type="button" className="tp-help-image" aria-label={t('bundle.enlarge', { ns: PURCHASE_UI_NAMESPACE, name: title })} onClick={() => void previewImage(imageUrl, title)}>
            <img src={imageUrl} alt={title} width={600} height={400} />
          </button>
          <p className="tp-help-image__hint">{t('character.helpHint')}</p>
        </>
      ),
    }).catch((error: unknown) => {
      if (!isDialogDismissed(error)) throw error;
    });
  };
  return (
    <button type="button" className="tu-icon-button tp-help-button" aria-label={t('character.helpLabel')} onClick={open}>
      <QuestionIcon />
    </button>
  );
}
