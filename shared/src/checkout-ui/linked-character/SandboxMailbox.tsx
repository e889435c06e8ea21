import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSandboxPlayerMail, type LinkedCharacterKey, type SandboxPlayerMail } from './linked-api';
import { LINKED_NAMESPACE } from './linked-strings';

/** How often, and how many times, the mailbox is read again while the code mail is on its way. */
const READ_EVERY_MS = 1500;
const READS = 20;

/**
 * In a demo (or development) store, the sandbox game's mailbox of the character: the code it was just
 * mailed, so that a visitor can link a demo character (decision 311). Nothing where the store does not
 * serve it — production, or a real game server — so a real player reads the code in the game only.
 */
export function SandboxMailbox({ characterKey, roleName, hintClass, buttonClass }: { readonly characterKey: LinkedCharacterKey; readonly roleName: string; readonly hintClass: string; readonly buttonClass: string }) {
  const { t } = useTranslation(LINKED_NAMESPACE);
  const titleId = useId();
  const [mail, setMail] = useState<readonly SandboxPlayerMail[] | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    let reads = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const got = await getSandboxPlayerMail(characterKey, controller.signal);
      if (controller.signal.aborted) return;
      setMail(got);
      reads += 1;
      // A new code replaces the one shown: read on for a while (a demo's mailbox only).
      if (got && reads < READS) timer = setTimeout(() => void read(), READ_EVERY_MS);
    };
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [characterKey.game_id, characterKey.server_id, characterKey.role_id, round]); // eslint-disable-line react-hooks/exhaustive-deps
  if (mail === null) return null;
  const newest = mail.find((one) => one.kind === 'ownership_code');
  return (
    <section className="lc-sandbox" aria-labelledby={titleId} data-testid="sandbox-mailbox">
      <h3 className="lc-block__title" id={titleId}>
        {t('linked.sandbox.title')}
      </h3>
      <p className={hintClass}>{t('linked.sandbox.note', { name: roleName })}</p>
      {newest ? (
        <div className="lc-sandbox__mail" data-testid="sandbox-code-mail">
          <p className="lc-sandbox__subject">{newest.title}</p>
          <p>{newest.body}</p>
        </div>
      ) : (
        <p className={hintClass}>{t('linked.sandbox.empty')}</p>
      )}
      <button type="button" className={buttonClass} onClick={() => setRound((n) => n + 1)}>
        {t('linked.sandbox.refresh')}
      </button>
    </section>
  );
}
