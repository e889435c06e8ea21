/** A refused ops request: `status` is the HTTP status the ops routes answer with. */
export class OpsError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}
