/**
 * A refused ops request: `status` is the HTTP status the ops routes answer with; `code` names the
 * refusal for the back office, which shows it in the operator's language (the message is English).
 */
export class OpsError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429,
    message: string,
    readonly code: string = 'refused',
  ) {
    super(message);
    this.name = 'OpsError';
  }
}
