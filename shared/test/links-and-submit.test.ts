import { legalLink, LEGAL_APP_ID } from '../src/rules/legal-links';
import { submitQuery } from '../src/rules/submit-query';
import type { Bundle } from '../src/types';

describe('terms and privacy links (spec §2)', () => {
  it('gives English and Korean a language code and the app id', () => {
    expect(legalLink('/legal/terms.html', 'en')).toBe(`/legal/terms.html?lang=en&app_id=${LEGAL_APP_ID}`);
    expect(legalLink('https://help.example/privacy', 'ko')).toBe(`https://help.example/privacy?lang=kr&app_id=${LEGAL_APP_ID}`);
  });

  it('gives Chinese, the default, a language number only', () => {
    expect(legalLink('/legal/terms.html', 'zh')).toBe('/legal/terms.html?lang_num=1');
    expect(legalLink('/legal/terms.html', 'fr')).toBe('/legal/terms.html?lang_num=1');
  });
});

describe('the query /submit receives (spec §2)', () => {
  const bundle: Bundle = {
    id: 7, product_id: 'g18-us-gems-300', game_id: 18, area: 'us', type: 'Gems', product_name: '300 Gems',
    product_content: '', product_file_url: '/assets/x.svg', amount: '4.99', currency: 'USD', first_buy: 1,
    first_pay_icon: 'x2', first_pay_content: 'Double', pay_icon: '', pay_content: '', role_buy_limit: 3,
    role_buy_count: 1, role_buy_limit_progress: '1/3',
  };
  it('carries the bundle fields, pmx_show, type, roleInfo as JSON and server_sign', () => {
    const role = { server_name: 'S1', role_id: '100001', role_name: 'Aria', uid: 'u1', server_id: 's1' };
    const query = submitQuery({ bundle, pmxShow: 1, type: 'Gems', role, serverSign: 'sig' });
    expect(query).toMatchObject({ id: '7', product_id: 'g18-us-gems-300', amount: '4.99', first_buy: '1', role_buy_limit_progress: '1/3' });
    expect(query.pmx_show).toBe('1');
    expect(query.type).toBe('Gems');
    expect(JSON.parse(query.roleInfo as string)).toEqual(role);
    expect(query.server_sign).toBe('sig');
  });
});
