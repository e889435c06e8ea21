/**
 * A field's own error under it, announced when it appears. The element stays (empty) so that the
 * announcement is made when the text comes; the field points at it with `aria-describedby`.
 */
export function FieldError({ id, message }: { readonly id: string; readonly message: string }) {
  return (
    <p id={id} className="pc-field-error" role="alert" data-field-error={message ? '' : undefined} hidden={!message}>
      {message}
    </p>
  );
}
