import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { RemoteId } from '@topup/shared/contracts';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { noteLoad } from './health';
import { loadRemotePage } from './remotes';
import { PageSkeleton } from '../shell/PageSkeleton';
import { RemoteUnavailable } from '../shell/RemoteUnavailable';

interface Props {
  readonly remote: RemoteId;
  readonly expose: string;
}

/** Mounts once the remote's page beside it has rendered: this page load's success, for its health. */
function Rendered({ remote }: { remote: RemoteId }) {
  useEffect(() => noteLoad(remote, 'rendered'), [remote]);
  return null;
}

/**
 * One remote page inside its own Suspense and error boundary. React.lazy caches a
 * rejection, so each Retry builds a fresh lazy component.
 */
export function RemoteRoute({ remote, expose }: Props) {
  const [attempt, setAttempt] = useState(0);
  // `attempt` is deliberately a dependency: a new attempt must build a new lazy component.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Page = useMemo(() => lazy(() => loadRemotePage(remote, expose)), [remote, expose, attempt]);
  return (
    <RemoteErrorBoundary
      key={`${remote}:${attempt}`}
      remote={remote}
      fallback={() => <RemoteUnavailable remote={remote} onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<PageSkeleton remote={remote} />}>
        <Page />
        <Rendered remote={remote} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
