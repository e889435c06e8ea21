import { describeStringsParity } from '../../shared/test-support/strings-parity';
import { STRINGS } from '../src/strings';

describeStringsParity('the Voucher Center speaks en, ko and zh', STRINGS);

describe('the Voucher Center speaks en, ko and zh: what is particular to it', () => {
  it("keeps the spec's English wording", () => {
    expect(STRINGS.en['page.title']).toBe('Voucher Center');
    expect(STRINGS.en['game.charge']).toBe('Charge');
  });
});
