import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteId } from '@topup/shared/contracts';

interface Props {
  readonly remote: RemoteId;
  readonly onRetry: () => void;
}

/** The localized panel shown in place of a remote that is down or broken. */
export function RemoteUnavailable({ remote, onRetry }: Props) {
  const { t } = useTranslation('shell');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="remote-unavailable" role="alert" data-remote-unavailable={remote}>
      <h1 ref={heading} tabIndex={-1}>
        {t('unavailable.title')}
      </h1>
      <p>{t('unavailable.body')}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('common:action.retry')}
      </button>
    </section>
  );
}
