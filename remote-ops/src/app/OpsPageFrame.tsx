import type { ReactNode } from 'react';

interface Props {
  /** The page's heading (focused on arrival by the console). */
  readonly title: ReactNode;
  /** Buttons and links beside the heading. */
  readonly actions?: ReactNode;
  /** What the last action did, said once it is done. */
  readonly done?: string | null;
  readonly children: ReactNode;
}

/** Every back-office page's frame: the heading with its actions, then what the last action did. */
export function OpsPageFrame({ title, actions, done = null, children }: Props) {
  return (
    <section className="ops-page">
      <header className="ops-page__head">
        <h1 tabIndex={-1}>{title}</h1>
        {actions}
      </header>
      {done ? (
        <p className="ops-note ops-note--ok" role="status">
          {done}
        </p>
      ) : null}
      {children}
    </section>
  );
}
