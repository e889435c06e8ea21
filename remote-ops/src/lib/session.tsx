import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { opsCall, whenSignedOut } from './ops-client';

export type Permission = 'read' | 'releases.read' | 'orders.act' | 'tickets.act' | 'catalogue.edit' | 'game_servers.manage' | 'releases.act' | 'operators.manage';

export interface Operator {
  readonly name: string;
  readonly role: string;
}

interface SessionAnswer {
  readonly operator: Operator | null;
  readonly permissions: readonly Permission[];
  /** `secondFactor`: the password was right, a code is owed; `enrol`: the role must set up a second factor first. */
  readonly stage?: 'full' | 'secondFactor' | 'enrol' | null;
}

export interface OpsSession {
  /** null until the first answer, then the operator or nobody. */
  readonly state: 'loading' | 'signedOut' | 'secondFactor' | 'signedIn' | 'unreachable';
  readonly operator: Operator | null;
  /** Signed in, but the role must set up a second factor before anything else (OPS_REQUIRE_2FA). */
  readonly mustEnrol: boolean;
  /** The sign-in's second step: a TOTP code, or one of the recovery codes. */
  secondFactor(answer: { code?: string; recovery_code?: string }): Promise<void>;
  /** Asks the server again who is signed in (after setting up the second factor). */
  refresh(): Promise<void>;
  may(permission: Permission): boolean;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  signOutEverywhere(): Promise<void>;
  retry(): void;
}

const SessionContext = createContext<OpsSession | null>(null);

/** Who is signed in to the console, and what their role lets them do (the server checks it again on every call). */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const [answer, setAnswer] = useState<SessionAnswer | null>(null);
  const [state, setState] = useState<OpsSession['state']>('loading');
  const [attempt, setAttempt] = useState(0);

  const take = useCallback((next: SessionAnswer) => {
    setAnswer(next);
    setState(next.operator ? 'signedIn' : next.stage === 'secondFactor' ? 'secondFactor' : 'signedOut');
  }, []);

  useEffect(() => {
    let live = true;
    opsCall<SessionAnswer>('GET', '/session').then(
      (next) => live && take(next),
      () => live && setState('unreachable'),
    );
    return () => {
      live = false;
    };
  }, [attempt, take]);

  useEffect(() => {
    whenSignedOut(() => {
      setAnswer(null);
      setState('signedOut');
      // A fresh CSRF token for the sign-in form.
      void opsCall('GET', '/session').catch(() => undefined);
    });
    return () => whenSignedOut(null);
  }, []);

  const session = useMemo<OpsSession>(
    () => ({
      state,
      operator: answer?.operator ?? null,
      mustEnrol: answer?.stage === 'enrol',
      async secondFactor(code) {
        await opsCall('POST', '/session/second-factor', code);
        take(await opsCall<SessionAnswer>('GET', '/session'));
      },
      async refresh() {
        take(await opsCall<SessionAnswer>('GET', '/session'));
      },
      may: (permission) => Boolean(answer?.permissions.includes(permission)),
      async signIn(email, password) {
        take(await opsCall<SessionAnswer>('POST', '/session', { email, password }));
      },
      async signOut() {
        await opsCall('DELETE', '/session').catch(() => undefined);
        // The sign-in form shows only once its fresh CSRF token is here: a quick hand must not post with the old one.
        await opsCall('GET', '/session').catch(() => undefined);
        take({ operator: null, permissions: [] });
      },
      async signOutEverywhere() {
        await opsCall('POST', '/session/everywhere');
        await opsCall('GET', '/session').catch(() => undefined);
        take({ operator: null, permissions: [] });
      },
      retry: () => {
        setState('loading');
        setAttempt((n) => n + 1);
      },
    }),
    [answer, state, take],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): OpsSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
