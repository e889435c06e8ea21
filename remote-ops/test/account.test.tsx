import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderConsole } from './support/console-harness';

const SIGNED_OUT = { operator: null, permissions: [], stage: null, csrfToken: 'token-before' };
const OWED = { operator: null, permissions: [], stage: 'secondFactor', csrfToken: 'token-owed' };
const VIEWER = { operator: { name: 'viewer@ops.example', role: 'viewer' }, permissions: ['read', 'releases.read'], stage: 'full', csrfToken: 'token-after' };

describe('the sign-in\'s second step', () => {
  it('asks the app\'s code after the password, in the operator\'s language, refuses a wrong one and takes a recovery code', async () => {
    let session: object = SIGNED_OUT;
    let tries = 0;
    const calls = fakeApi({
      'GET /session': () => ({ body: session }),
      'POST /session': () => {
        session = OWED;
        return { body: OWED };
      },
      'POST /session/second-factor': () => {
        if (tries++ === 0) return { status: 400, body: { error: 'That code is wrong', code: 'wrongCode' } };
        session = VIEWER;
        return { body: { operator: VIEWER.operator, stage: 'full' } };
      },
      'GET /orders': { body: { rows: [], next: null } },
    });
    await renderConsole('/ops', 'ko');
    fireEvent.input(await screen.findByLabelText('이메일 주소'), { target: { value: 'viewer@ops.example' } });
    fireEvent.input(screen.getByLabelText('비밀번호'), { target: { value: 'right password' } });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    const code = await screen.findByLabelText('인증 앱의 코드');
    fireEvent.input(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '계속' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('코드가 틀렸습니다.');
    fireEvent.click(screen.getByRole('button', { name: '복구 코드 사용' }));
    fireEvent.input(screen.getByLabelText('복구 코드'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: '계속' }));
    await screen.findByRole('navigation');
    const answers = calls.filter((c) => c.path === '/session/second-factor').map((c) => c.body);
    expect(answers).toEqual([{ code: '123456' }, { recovery_code: 'abcde-fghjk' }]);
  });
});

describe('your account', () => {
  it('lists one\'s sessions and signs out the one picked, never the current one', async () => {
    const sessions = [
      { id: 7, created_at: '2026-11-28 09:00:00+00', last_seen_at: '2026-11-28 10:00:00+00', address: '192.0.2.10', user_agent: 'Firefox on Linux', current: true },
      { id: 9, created_at: '2026-11-27 09:00:00+00', last_seen_at: '2026-11-27 18:00:00+00', address: '192.0.2.11', user_agent: 'Safari on iPhone', current: false },
    ];
    const calls = fakeApi({
      'GET /session': { body: VIEWER },
      'GET /account': { body: { email: 'viewer@ops.example', role: 'viewer', two_factor: { enabled: false, enrolled_at: null, required: false, recovery_codes_left: 0 } } },
      'GET /account/sessions': () => ({ body: { sessions } }),
      'DELETE /account/sessions/9': () => {
        sessions.splice(1, 1);
        return { body: { ended: true } };
      },
    });
    await renderConsole('/ops/account');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('This browser')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Sign out this browser' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/account/sessions/9')).toBe(true);
  });
});

describe('the language of the store\'s mails', () => {
  it('tells the store the language the console is used in, at sign-in and at each change of the switch', async () => {
    const calls = fakeApi({
      'GET /session': { body: VIEWER },
      'GET /orders': { body: { rows: [], next: null } },
      'PUT /account/language': (call) => ({ body: { language: call.body?.language } }),
    });
    await renderConsole('/ops/orders');
    await screen.findByRole('navigation');
    await waitFor(() => expect(calls.filter((c) => c.path === '/account/language').map((c) => c.body)).toEqual([{ language: 'en' }]));
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'ko' } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/account/language').map((c) => c.body)).toEqual([{ language: 'en' }, { language: 'ko' }]));
    expect(calls.filter((c) => c.path === '/account/language').every((c) => c.method === 'PUT' && c.csrf === 'token-after')).toBe(true);
  });

  it('says nothing while nobody is signed in', async () => {
    const calls = fakeApi({ 'GET /session': { body: SIGNED_OUT } });
    await renderConsole('/ops');
    await screen.findByLabelText('E-mail address');
    expect(calls.some((c) => c.path === '/account/language')).toBe(false);
  });
});
