import type { ServerChoice } from '@topup/shared/purchase';
import { CheckIcon } from '@topup/shared/ui';
import { usePcTranslation } from '../../../lib/use-pc-translation';

/** Region tabs (where the game has regions) and the servers as a grid of choices. */
export function ServerChooser({ choice, showServers }: { readonly choice: ServerChoice; readonly showServers: boolean }) {
  const { t } = usePcTranslation();
  const { rule, region, selectRegion, servers, server, selectServer } = choice;
  return (
    <div className="pc-server-chooser">
      {rule ? (
        <div className="pc-field">
          <span className="pc-label" id="pc-region-label">
            {t('role.region')}
          </span>
          <div className="pc-segments" role="radiogroup" aria-labelledby="pc-region-label">
            {rule.options.map((option) => (
              <button
                key={option.value}
                type="button"
                role="radio"
                aria-checked={option.value === region}
                className="pc-segments__item"
                data-region={option.value}
                onClick={() => selectRegion(option.value)}
              >
                {option.label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {showServers ? (
        <div className="pc-field">
          <span className="pc-label" id="pc-server-label">
            {t('role.server')}
          </span>
          {servers === null ? (
            <div className="pc-server-grid" aria-busy="true" aria-label={t('role.serversLoading')}>
              {[0, 1, 2].map((n) => (
                <span key={n} className="pc-skeleton pc-server-skeleton" />
              ))}
            </div>
          ) : servers.length === 0 ? (
            <p className="pc-muted">{t('role.noServers')}</p>
          ) : (
            <div className="pc-server-grid" role="radiogroup" aria-labelledby="pc-server-label">
              {servers.map((option) => {
                const selected = option.server_id === server?.server_id;
                return (
                  <button
                    key={option.server_id}
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    className="pc-server"
                    data-server-id={option.server_id}
                    onClick={() => selectServer(option)}
                  >
                    <span>{option.server_name}</span>
                    {selected ? <CheckIcon /> : null}
                  </button>
                );
              })}
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
