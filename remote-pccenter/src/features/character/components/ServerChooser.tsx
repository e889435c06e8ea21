import type { ServerChoice } from '@topup/shared/purchase';
import { CheckIcon } from '@topup/shared/ui';
import { onRadioKeyDown, radioTabIndex } from '../../../lib/radio-group-keys';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import { FieldError } from '../../../lib/FieldError';

export const SERVER_ERROR_ID = 'pc-server-error';

interface Props {
  readonly choice: ServerChoice;
  readonly showServers: boolean;
  /** "Please select a server" beside the servers, after a search without one. */
  readonly error?: string;
}

/** Region tabs (where the game has regions) and the servers as a grid of choices; both move with the arrow keys. */
export function ServerChooser({ choice, showServers, error = '' }: Props) {
  const { t } = usePcTranslation();
  const { rule, region, selectRegion, servers, server, selectServer } = choice;
  const regionIndex = rule ? rule.options.findIndex((option) => option.value === region) : -1;
  const serverIndex = servers ? servers.findIndex((option) => option.server_id === server?.server_id) : -1;
  return (
    <div className="pc-server-chooser">
      {rule ? (
        <div className="pc-field">
          <span className="pc-label" id="pc-region-label">
            {t('role.region')}
          </span>
          <div className="pc-segments" role="radiogroup" aria-labelledby="pc-region-label">
            {rule.options.map((option, index) => (
              <button
                key={option.value}
                type="button"
                role="radio"
                aria-checked={option.value === region}
                tabIndex={radioTabIndex(index, regionIndex)}
                className="pc-segments__item"
                data-region={option.value}
                onClick={() => selectRegion(option.value)}
                onKeyDown={(event) => onRadioKeyDown(event, index, rule.options.length, (next) => selectRegion(rule.options[next]?.value ?? option.value))}
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
            <div className="pc-server-grid" role="group" aria-busy="true" aria-label={t('role.serversLoading')}>
              {[0, 1, 2].map((n) => (
                <span key={n} className="pc-skeleton pc-server-skeleton" />
              ))}
            </div>
          ) : servers.length === 0 ? (
            <p className="pc-muted">{t('role.noServers')}</p>
          ) : (
            <div
              className="pc-server-grid"
              role="radiogroup"
              aria-labelledby="pc-server-label"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? SERVER_ERROR_ID : undefined}
            >
              {servers.map((option, index) => {
                const selected = index === serverIndex;
                return (
                  <button
                    key={option.server_id}
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    tabIndex={radioTabIndex(index, serverIndex)}
                    className="pc-server"
                    data-server-id={option.server_id}
                    onClick={() => selectServer(option)}
                    onKeyDown={(event) => onRadioKeyDown(event, index, servers.length, (next) => selectServer(servers[next] ?? option))}
                  >
                    <span>{option.server_name}</span>
                    {selected ? <CheckIcon /> : null}
                  </button>
                );
              })}
            </div>
          )}
          <FieldError id={SERVER_ERROR_ID} message={error} />
        </div>
      ) : null}
    </div>
  );
}
