import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@topup/shared/query';
import { getLinkedCharacters, type LinkedCharacterKey } from './linked-api';
import { LinkedOrders, type LinkedOrdersClasses } from './LinkedOrders';
import { LINKED_NAMESPACE } from './linked-strings';
import './linked-character.css';

export interface LinkedCharactersOrdersProps {
  readonly classes: LinkedOrdersClasses & { readonly card: string };
  /** The character to open at (from the linked panel's link), if this browser is linked to it. */
  readonly opened: LinkedCharacterKey | null;
  /** Told when no link of this browser holds any more (the phone drops its hint). */
  readonly onNoLink?: () => void;
}

const keyOf = (one: LinkedCharacterKey) => `${one.game_id}|${one.server_id}|${one.role_id}`;

/**
 * "My orders by character" on a page of its own (the phone's My orders): the characters linked in this
 * browser, each opening its orders from any device (decision 311). Shown when the browser linked one.
 */
export function LinkedCharactersOrders({ classes: c, opened, onNoLink }: LinkedCharactersOrdersProps) {
  const { t } = useTranslation(LINKED_NAMESPACE);
  const titleId = useId();
  const characters = useQuery(
    'linked-characters',
    async (signal) => {
      const list = await getLinkedCharacters(signal);
      // No link of this browser holds any more: My orders stops offering this part.
      if (!list.some((one) => one.linked_here)) onNoLink?.();
      return list;
    },
    { onError: 'page' },
  );
  const [open, setOpen] = useState<string | null>(opened ? keyOf(opened) : null);
  const linked = characters.data?.filter((one) => one.linked_here) ?? [];
  return (
    <section className={`${c.card} lc-orders`} aria-labelledby={titleId} data-testid="linked-characters-orders">
      <h2 className={c.title} id={titleId}>
        {t('linked.orders.pageTitle')}
      </h2>
      {characters.loading && !characters.data ? (
        <p className={c.hint} role="status">
          {t('linked.orders.loading')}
        </p>
      ) : characters.error && !characters.data ? (
        <div className="lc-failed" role="alert">
          <p>{t('linked.orders.failed')}</p>
          <button type="button" className={c.button} onClick={characters.retry}>
            {t('linked.retry')}
          </button>
        </div>
      ) : linked.length === 0 ? (
        <p className={c.hint} data-testid="linked-orders-none">
          {t('linked.orders.none')}
        </p>
      ) : (
        <>
          <p className={c.hint}>{t('linked.orders.pageHint')}</p>
          <ul className="lc-orders__list">
            {linked.map((one) => {
              const key = keyOf(one);
              return (
                <li key={key} className="lc-orders__character">
                  <button type="button" className={c.button} aria-expanded={open === key} onClick={() => setOpen(open === key ? null : key)} data-role-id={one.role_id}>
                    {t('linked.orders.choose', { name: one.role_name, id: one.role_id })}
                  </button>
                  {open === key ? <LinkedOrders characterKey={one} roleName={one.role_name} classes={c} /> : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
