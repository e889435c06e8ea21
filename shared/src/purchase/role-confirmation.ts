import type { RoleInfo } from '@topup/shared/types';

/**
 * Spec §4 "Role confirmation":
 * not searched (input) → searched successfully (found) → confirmed; re-entering returns to input.
 */
export type RoleConfirmation =
  | { readonly step: 'input' }
  | { readonly step: 'found'; readonly role: RoleInfo }
  | { readonly step: 'confirmed'; readonly role: RoleInfo };

export type RoleConfirmationEvent =
  | { readonly type: 'found'; readonly role: RoleInfo }
  | { readonly type: 'confirm' }
  | { readonly type: 'reenter' }
  /** Entering with finish_pay: the character starts confirmed. */
  | { readonly type: 'restore'; readonly role: RoleInfo };

export const NOT_SEARCHED: RoleConfirmation = { step: 'input' };

export function roleConfirmationReducer(state: RoleConfirmation, event: RoleConfirmationEvent): RoleConfirmation {
  switch (event.type) {
    case 'found':
      return state.step === 'input' ? { step: 'found', role: event.role } : state;
    case 'confirm':
      return state.step === 'found' ? { step: 'confirmed', role: state.role } : state;
    case 'reenter':
      return NOT_SEARCHED;
    case 'restore':
      return { step: 'confirmed', role: event.role };
  }
}

export function confirmedRole(state: RoleConfirmation): RoleInfo | null {
  return state.step === 'confirmed' ? state.role : null;
}
