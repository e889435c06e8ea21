import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { BANNER_AUTOPLAY_MS } from '@topup/shared/rules';
import { i18n, initI18n } from '@topup/shared/store';
import type { Banner } from '@topup/shared/types';
import { BannerCarousel } from '../src/features/banners/BannerCarousel';

const BANNERS: Banner[] = [
  { url: '/#/pcIndex', slideshow_url: '/assets/banners/store-1.svg', title: 'Ten games, one safe checkout' },
  { url: '/#/index_1', slideshow_url: '/assets/banners/store-2.svg', title: 'Charge in-game currency in seconds' },
  { url: '/#/prod', slideshow_url: '/assets/banners/18-1.svg', title: 'Best value top-up' },
];

/** The offer shown: the only slide the keyboard and screen readers reach. */
function shownOffers(): string[] {
  return [...document.querySelectorAll('.pc-banner__slide:not([inert])')].map((slide) => slide.getAttribute('aria-label') ?? '');
}
const carousel = () => screen.getByRole('region', { name: 'Offers' });
const control = () => screen.getByTestId('banner-play');
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

function renderCarousel() {
  return render(
    <I18nextProvider i18n={i18n}>
      <BannerCarousel banners={BANNERS} />
    </I18nextProvider>,
  );
}

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

beforeAll(async () => {
  await initI18n('en');
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  jest.useFakeTimers();
  preferReducedMotion(false);
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the offers on /pcIndex (WCAG 2.2.2)', () => {
  it('turns every 3000 ms, with one offer reachable at a time, until the player stops it', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderCarousel();
    expect(shownOffers()).toEqual(['Offer 1 of 3: Ten games, one safe checkout']);
    expect(document.querySelectorAll('.pc-banner__slide[inert]')).toHaveLength(2);
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownOffers()).toEqual(['Offer 2 of 3: Charge in-game currency in seconds']);

    await user.click(control());
    expect(control()).toHaveAccessibleName('Turn the offers');
    // The pointer has left the control: the offers stay stopped.
    fireEvent.mouseLeave(carousel());
    act(() => control().blur());
    await wait(BANNER_AUTOPLAY_MS * 3);
    expect(shownOffers()).toEqual(['Offer 2 of 3: Charge in-game currency in seconds']);

    await user.click(control());
    expect(control()).toHaveAccessibleName('Stop the offers turning');
    fireEvent.mouseLeave(carousel());
    act(() => control().blur());
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownOffers()).toEqual(['Offer 3 of 3: Best value top-up']);
  });

  it('waits while the pointer or the keyboard is on it', async () => {
    renderCarousel();
    fireEvent.mouseEnter(carousel());
    await wait(BANNER_AUTOPLAY_MS * 2);
    expect(shownOffers()).toEqual(['Offer 1 of 3: Ten games, one safe checkout']);
    fireEvent.mouseLeave(carousel());

    act(() => screen.getByRole('button', { name: 'Offer 2 of 3' }).focus());
    await wait(BANNER_AUTOPLAY_MS * 2);
    expect(shownOffers()).toEqual(['Offer 1 of 3: Ten games, one safe checkout']);
    // Focus moving inside the offers keeps them still; leaving them lets them turn again.
    act(() => screen.getByRole('button', { name: 'Next offer' }).focus());
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownOffers()).toEqual(['Offer 1 of 3: Ten games, one safe checkout']);
    act(() => screen.getByRole('button', { name: 'Next offer' }).blur());
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownOffers()).toEqual(['Offer 2 of 3: Charge in-game currency in seconds']);
  });

  it('does not turn for a player who asks for reduced motion, until they press Play', async () => {
    preferReducedMotion(true);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderCarousel();
    expect(control()).toHaveAccessibleName('Turn the offers');
    await wait(BANNER_AUTOPLAY_MS * 3);
    expect(shownOffers()).toEqual(['Offer 1 of 3: Ten games, one safe checkout']);
    // The dots and arrows still move between the offers.
    await user.click(screen.getByRole('button', { name: 'Offer 3 of 3' }));
    expect(shownOffers()).toEqual(['Offer 3 of 3: Best value top-up']);
    expect(screen.getByRole('button', { name: 'Offer 3 of 3' })).toHaveAttribute('aria-current', 'true');

    await user.click(control());
    fireEvent.mouseLeave(carousel());
    act(() => control().blur());
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownOffers()).toEqual(['Offer 1 of 3: Ten games, one safe checkout']);
  });
});
