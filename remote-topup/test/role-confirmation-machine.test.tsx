import type { RoleInfo } from '@topup/shared/types';
import { confirmedRole, NOT_SEARCHED, roleConfirmationReducer, type RoleConfirmation } from '../src/features/character/role-confirmation';

const role: RoleInfo = { server_name: 'NA-1 Aurora', role_id: '1801001', role_name: 'Aria', uid: '1800001', server_id: '1801' };
const other: RoleInfo = { ...role, role_id: '1801002', role_name: 'Borin' };

describe('role confirmation states (spec §4)', () => {
  it('goes not searched → found → confirmed', () => {
    const found = roleConfirmationReducer(NOT_SEARCHED, { type: 'found', role });
    expect(found).toEqual({ step: 'found', role });
    expect(confirmedRole(found)).toBeNull();
    const confirmed = roleConfirmationReducer(found, { type: 'confirm' });
    expect(confirmed).toEqual({ step: 'confirmed', role });
    expect(confirmedRole(confirmed)).toBe(role);
  });

  it('cannot confirm what was not found, and a confirmed character stays until re-entered', () => {
    expect(roleConfirmationReducer(NOT_SEARCHED, { type: 'confirm' })).toBe(NOT_SEARCHED);
    const confirmed: RoleConfirmation = { step: 'confirmed', role };
    expect(roleConfirmationReducer(confirmed, { type: 'found', role: other })).toBe(confirmed);
    expect(roleConfirmationReducer(confirmed, { type: 'confirm' })).toBe(confirmed);
  });

  it('re-entering returns to the input view, un-confirmed, from any state', () => {
    for (const state of [NOT_SEARCHED, { step: 'found', role }, { step: 'confirmed', role }] as RoleConfirmation[]) {
      expect(roleConfirmationReducer(state, { type: 'reenter' })).toEqual({ step: 'input' });
    }
  });

  it('finish_pay restores a character straight into confirmed', () => {
    expect(roleConfirmationReducer(NOT_SEARCHED, { type: 'restore', role })).toEqual({ step: 'confirmed', role });
  });
});
