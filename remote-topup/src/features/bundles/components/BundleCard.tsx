import { BundleCard as SharedBundleCard } from '@topup/shared/purchase-ui';
import type { Bundle } from '@topup/shared/types';

interface Props {
  readonly bundle: Bundle;
  readonly area: string;
  readonly detailMode?: boolean;
  readonly onBuy: (bundle: Bundle) => void;
  readonly onOpenDetails?: (bundle: Bundle) => void;
}

export function BundleCard({ onBuy, ...props }: Props) {
  return <SharedBundleCard {...props} prefix="tp" action="buy" onPress={onBuy} />;
}
