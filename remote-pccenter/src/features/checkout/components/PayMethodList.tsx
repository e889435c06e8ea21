import { CheckIcon, type PayType } from '@topup/shared';
import { usePcTranslation } from '../../../lib/use-pc-translation';

interface Props {
  readonly methods: readonly PayType[];
  readonly chosen: string;
  readonly onChoose: (payType: string) => void;
}

/** The pay methods of `priceTab` (the first checked); with only one there is nothing to choose. */
export function PayMethodList({ methods, chosen, onChoose }: Props) {
  const { t } = usePcTranslation();
  if (methods.length === 0) return null;
  return (
    <fieldset className="pc-pay-methods">
      <legend className="pc-label">{t('order.payMethod')}</legend>
      {methods.map((method) => {
        const selected = method.pay_type === chosen;
        return (
          <label key={method.pay_type} className={`pc-pay-method${selected ? ' pc-pay-method--chosen' : ''}`} data-pay-type={method.pay_type}>
            <input
              type="radio"
              name="pc-pay-type"
              value={method.pay_type}
              checked={selected}
              disabled={methods.length === 1}
              onChange={() => onChoose(method.pay_type)}
            />
            <img src={method.icon} alt="" width={32} height={32} />
            <span className="pc-pay-method__name">{method.name}</span>
            <span className="pc-pay-method__mark">{selected ? <CheckIcon /> : null}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
