import { lazy, Suspense, type ReactNode, type RefObject } from 'react';
import { useOpenedOnce } from './use-opened-once';

export interface BottomPopupProps {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** What gets focus when the popup opens (e.g. its search field). */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  readonly className?: string;
}

const Sheet = lazy(() => import('./BottomPopup.lazy').then((module) => ({ default: module.BottomPopup })));

/** A sheet that slides up from the bottom, modal (its code loads when it first opens). */
export function BottomPopup(props: BottomPopupProps) {
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  ) : null;
}
