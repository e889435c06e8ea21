import { addStrings, i18n, initI18n } from '../src/store/i18n/i18n';

describe('the shared i18n instance', () => {
  it('keeps namespaces added before init and serves them in every locale', async () => {
    addStrings('early', { en: { hello: 'Hello' }, ko: { hello: '안녕하세요' }, zh: { hello: '你好' } });
    await initI18n('ko');
    expect(i18n.t('early:hello')).toBe('안녕하세요');
    addStrings('late', { en: { bye: 'Bye' }, ko: { bye: '안녕히 가세요' }, zh: { bye: '再见' } });
    await i18n.changeLanguage('zh');
    expect(i18n.t('early:hello')).toBe('你好');
    expect(i18n.t('late:bye')).toBe('再见');
    expect(i18n.t('common:action.retry')).toBe('重试');
  });
});
