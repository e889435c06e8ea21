import { QuestionIcon, StoreLogo } from '../../../lib/icons';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Props {
  readonly gameName: string;
  readonly gameIcon: string;
}

/** The page header: the game's logo and name, and the help icon for the recharge instructions. */
export function PageHeader({ gameName, gameIcon }: Props) {
  const { t } = useTopUpTranslation();
  return (
    <header className="tp-header">
      <span className="tp-header__logo">{gameIcon ? <img src={gameIcon} alt="" width={48} height={48} /> : <StoreLogo />}</span>
      <div className="tp-header__text">
        <h1 className="tp-header__title">{gameName || t('mainPage.title')}</h1>
        <p className="tp-header__tagline">{t('header.tagline')}</p>
      </div>
      <button type="button" className="tu-icon-button tp-header__help" aria-label={t('header.help')} onClick={() => void import('./open-recharge-instructions').then((dialog) => dialog.openRechargeInstructions())}>
        <QuestionIcon />
      </button>
    </header>
  );
}
