import type { PayType } from '@topup/shared';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Props {
  readonly payTypes: readonly PayType[];
  readonly chosen: string;
  readonly onChoose: (payType: string) => void;
}

/** The pay methods of getTab's pay_type_list as radio buttons, the first one checked. */
export function PayMethods({ payTypes, chosen, onChoose }: Props) {
  const { t } = useTopUpTranslation();
  return (
    <fieldset className="od-card od-pay-methods">
      <legend className="od-card__title">{t('submit.payMethods')}</legend>
      {payTypes.length === 0 ? <div className="od-skeleton" aria-hidden="true" /> : null}
      {payTypes.map((payType) => (
        <label key={payType.pay_type} className="od-pay-method">
          <input
            type="radio"
            name="pay_type"
            value={payType.pay_type}
            checked={chosen === payType.pay_type}
            onChange={() => onChoose(payType.pay_type)}
          />
          <img src={payType.icon} alt="" width={32} height={32} />
          <span>{payType.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
