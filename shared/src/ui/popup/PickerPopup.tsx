import { lazy, Suspense } from 'react';
import { useOpenedOnce } from './use-opened-once';

export interface PickerOption {
  readonly value: string;
  readonly label: string;
}

export interface PickerPopupProps {
  readonly open: boolean;
  readonly title: string;
  readonly options: readonly PickerOption[];
  readonly selected?: string;
  readonly onSelect: (option: PickerOption) => void;
  readonly onClose: () => void;
  /** Placeholder and label of the search field. */
  readonly searchLabel?: string;
}

const Picker = lazy(() => import('./PickerPopup.lazy').then((module) => ({ default: module.PickerPopup })));

/** A bottom popup with a search field and a list (spec §2 region and server pickers); its code loads when it first opens. */
export function PickerPopup(props: PickerPopupProps) {
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <Picker {...props} />
    </Suspense>
  ) : null;
}
