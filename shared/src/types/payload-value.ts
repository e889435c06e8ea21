/** Values travel as strings (form-encoded) or JSON scalars; the sign covers them as sent. */
export type PayloadValue = string | number;
