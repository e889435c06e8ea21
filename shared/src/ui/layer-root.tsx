import * as React from 'react';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@topup/shared/store';
import './ui.css';

export interface LayerRoot {
  render(node: ReactNode): void;
  /** Unmounts the layer and takes its element out of the page. */
  destroy(): void;
}

/**
 * A React root of its own at the end of <body>, for dialogs, toasts and previews opened from
 * anywhere (a remote, the host, a plain function) without a provider in the page.
 */
export function createLayerRoot(kind: string): LayerRoot {
  const element = document.createElement('div');
  element.className = 'tu-portal';
  element.dataset.layer = kind;
  document.body.appendChild(element);
  const root: Root = createRoot(element);
  return {
    render: (node) => inActScope(() => root.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>)),
    destroy: () =>
      inActScope(() => {
        root.unmount();
        element.remove();
      }),
  };
}

/**
 * Under a test renderer (Testing Library sets IS_REACT_ACT_ENVIRONMENT) a layer's own root is
 * updated inside act like the page's; in the browser it renders normally.
 */
function inActScope(update: () => void): void {
  // `act` exists only in React's development build: looked up, not imported, so production links.
  const act = Reflect.get(React, 'act') as ((callback: () => void) => void) | undefined;
  if ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT && act) act(update);
  else update();
}

let locks = 0;
let previousOverflow = '';

/** Stops the page behind a modal layer from scrolling; nested layers count. */
export function lockPageScroll(): () => void {
  if (locks === 0) {
    previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) document.body.style.overflow = previousOverflow;
  };
}

/** How long a layer's closing animation runs before it is removed. */
export const LAYER_LEAVE_MS = 180;
