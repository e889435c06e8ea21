import { useId, useState, type ChangeEvent } from 'react';
import { OpsApiError, opsUpload } from '../lib/ops-client';
import { useOpsTranslation } from '../lib/use-ops-translation';

/** The pictures the store takes (the server checks them again, by their bytes). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const MAX_IMAGE_BYTES = 1024 * 1024;

/** What `POST /ops/api/catalogue/images` answers. */
export interface UploadedImage {
  readonly url: string;
  readonly name: string;
  readonly size: number;
  readonly width: number | null;
  readonly height: number | null;
}

export interface ImageFieldProps {
  readonly label: string;
  /** The picture's address now ('' for none): shown as a preview. */
  readonly value: string;
  /** Gets the uploaded picture's address (`/assets/catalogue/<name>`). */
  readonly onChange: (url: string) => void;
  readonly disabled?: boolean;
}

/**
 * A picture for a catalogue form: choosing a file uploads it at once; the form gets its address. The
 * preview shows the address the form holds, a refusal is said in the operator's language next to the field.
 */
export function ImageField({ label, value, onChange, disabled = false }: ImageFieldProps) {
  const { t } = useOpsTranslation();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    try {
      // Too large is known before sending a megabyte the server would refuse.
      if (file.size > MAX_IMAGE_BYTES) throw new OpsApiError(413, 'imageTooLarge', 'A picture may be at most 1 MiB');
      setBusy(true);
      const image = await opsUpload<UploadedImage>('/catalogue/images', file);
      onChange(image.url);
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
    } finally {
      setBusy(false);
      // The same file can be chosen again (after a refusal, or once the connection is back).
      input.value = '';
    }
  };

  return (
    <div className="ops-field ops-image-field" aria-busy={busy}>
      <label htmlFor={inputId}>{label}</label>
      {value ? <img className="ops-image-field__preview" src={value} alt={t('image.preview')} /> : <span>{t('image.none')}</span>}
      <input
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={disabled || busy}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={upload}
      />
      <small id={hintId}>{t('image.hint')}</small>
      <span role="status">{busy ? t('image.uploading') : ''}</span>
      {error ? (
        <p id={errorId} className="ops-note ops-note--error" role="alert">
          {t(`error.${error.code}`, { defaultValue: error.message })}
        </p>
      ) : null}
    </div>
  );
}
