import type { PlayerTicket } from '@topup/shared/types';
import { answerTicket, readTicket } from '../src/support/support-tickets';
import { testDbTargets } from './support/test-db';
import { call, GENEROUS_LIMITS, openTestStore, type TestStore } from './support/test-app';

jest.setTimeout(60_000);

const NOT_FOUND = 1023;

describe.each(testDbTargets())('"My tickets": a player reads a ticket and support\'s answer, by reference and e-mail, on $name', (target) => {
  let store: TestStore;
  let reference: string;
  // Lookups: 6 a minute per address, 3 a minute per reference (and 5 a day), so that guessing shows.
  beforeAll(async () => {
    store = await openTestStore(target, {}, { limits: { ...GENEROUS_LIMITS, ticketLookup: { perAddress: 6, perKey: 3, perKeyPerDay: 5 } } });
    const sent = await call<{ reference: string }>(store.app, 'createSupportTicket', {
      email: 'Mina@Example.com', message: 'My 300 gems did not arrive after an hour.', order_id: '', game_id: '18', area: 'us',
    }, { headers: { 'accept-language': 'en' }, remoteAddress: '10.1.0.1' });
    reference = sent.data.reference;
  });
  afterAll(async () => {
    await store?.close();
  });

  const lookUp = (payload: Record<string, string>, remoteAddress: string, language = 'en') =>
    call<PlayerTicket>(store.app, 'findSupportTicket', payload, { headers: { 'accept-language': language }, remoteAddress });

  it('shows the ticket while it is open, and support\'s answer once the desk has answered', async () => {
    const open = await lookUp({ reference: ` ${reference.toLowerCase()} `, email: 'mina@example.COM' }, '10.1.1.1');
    expect(open).toMatchObject({ status: 200, ret: 0 });
    expect(open.data).toEqual({
      reference, status: 'open', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), order_id: '',
      message: 'My 300 gems did not arrive after an hour.', answer: '', answered_at: null,
    });
    await store.db.transaction(async (tx) => answerTicket(tx, (await readTicket(tx, reference))!, 'We sent the gems again: please look in your mailbox.', 'ops:alex', 1));
    const answered = await lookUp({ reference, email: 'mina@example.com' }, '10.1.1.2');
    expect(answered.data).toMatchObject({ status: 'answered', answer: 'We sent the gems again: please look in your mailbox.', answered_at: expect.stringMatching(/Z$/) });
    // Never the desk's names.
    expect(JSON.stringify(answered.data)).not.toContain('alex');
  });

  it('answers a wrong reference and a wrong e-mail address the same way, in the page language, and tells nothing', async () => {
    const wrongEmail = await lookUp({ reference, email: 'someone@example.com' }, '10.1.2.1', 'ko');
    const wrongReference = await lookUp({ reference: 'T-2222-2222', email: 'mina@example.com' }, '10.1.2.2', 'ko');
    expect(wrongEmail).toEqual({ status: 200, ret: NOT_FOUND, data: null, msg: '이 접수 번호와 이메일 주소로 접수된 문의가 없습니다. 보내 드린 이메일에서 두 가지를 모두 확인해 주세요.' });
    expect(wrongReference).toEqual(wrongEmail);
    // What a client can send is refused in words, never a 5xx.
    for (const payload of [{ reference: '', email: 'mina@example.com' }, { reference, email: 'not-an-address' }, { reference: 'x'.repeat(33), email: 'mina@example.com' }, { reference: "' OR 1=1 --", email: 'mina@example.com' }]) {
      const refused = await lookUp(payload, '10.1.2.3');
      expect(refused.status).toBeLessThan(500);
      expect(refused.ret).not.toBe(0);
      expect(refused.msg).not.toMatch(/sql|syntax|postgres/i);
    }
    // Unsigned: refused like every signed action.
    const unsigned = await call(store.app, 'findSupportTicket', { reference, email: 'mina@example.com' }, { unsigned: true, remoteAddress: '10.1.2.4' });
    expect(unsigned.ret).toBe(1001);
  });

  it('limits guessing: per client address, and per reference whichever addresses the guesses come from', async () => {
    // One address trying references: the seventh lookup in a minute is refused with 429.
    const guesses = [];
    for (let i = 0; i < 7; i += 1) guesses.push(await lookUp({ reference: `T-3333-33${String(i).padStart(2, '2')}`, email: 'mina@example.com' }, '10.1.3.1'));
    expect(guesses.slice(0, 6).map((answer) => answer.ret)).toEqual(Array(6).fill(NOT_FOUND));
    expect(guesses[6]).toMatchObject({ status: 429, ret: 1007 });

    // Many addresses guessing one reference's e-mail address: the fourth in a minute is refused, even with the right address.
    const target = 'T-4444-4444';
    const spread = [];
    for (let i = 0; i < 4; i += 1) spread.push(await lookUp({ reference: target, email: `guess${i}@example.com` }, `10.1.4.${i + 1}`));
    expect(spread.slice(0, 3).map((answer) => answer.ret)).toEqual([NOT_FOUND, NOT_FOUND, NOT_FOUND]);
    expect(spread[3]).toMatchObject({ status: 429, ret: 1007 });
    // Another reference is not held up by it.
    expect((await lookUp({ reference: 'T-5555-5555', email: 'mina@example.com' }, '10.1.4.9')).ret).toBe(NOT_FOUND);
  });
});
