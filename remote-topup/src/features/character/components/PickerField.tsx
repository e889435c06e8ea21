import { useId, useState } from 'react';
import { PickerPopup, type PickerOption } from '@topup/shared/ui';
import { ChevronIcon } from '../../../lib/icons';

interface Props {
  readonly label: string;
  readonly placeholder: string;
  readonly searchLabel: string;
  readonly options: readonly PickerOption[];
  readonly value: string;
  /** What the field shows for the value (e.g. a server's name). */
  readonly valueLabel: string;
  readonly onSelect: (option: PickerOption) => void;
  readonly testId: string;
  /** Why the last search stopped at this field, shown under it. */
  readonly error?: string | null;
}

/** A field that looks like a select and opens a bottom popup with a search field and a list. */
export function PickerField({ label, placeholder, searchLabel, options, value, valueLabel, onSelect, testId, error }: Props) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const errorId = useId();
  return (
    <div className="tp-field">
      <span className="tp-field__label" id={labelId}>
        {label}
      </span>
      <button
        type="button"
        className="tp-select"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
        onClick={() => setOpen(true)}
      >
        <span id={valueId} className={valueLabel ? 'tp-select__value' : 'tp-select__placeholder'}>
          {valueLabel || placeholder}
        </span>
        <ChevronIcon />
      </button>
      {error ? (
        <p className="tp-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      <PickerPopup
        open={open}
        title={placeholder}
        options={options}
        selected={value}
        searchLabel={searchLabel}
        onClose={() => setOpen(false)}
        onSelect={(option) => {
          setOpen(false);
          onSelect(option);
        }}
      />
    </div>
  );
}
