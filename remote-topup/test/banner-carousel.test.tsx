import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { type Banner } from '@topup/shared/types';
import { BANNER_AUTOPLAY_MS } from '@topup/shared/rules';
import { i18n, initI18n } from '@topup/shared/store';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { BannerCarousel, CAROUSEL_LEAD_MS } from '../src/features/banners/components/BannerCarousel';
import SwiperCarousel from '../src/features/banners/components/SwiperCarousel';

const BANNERS: Banner[] = [
  { url: '/#/prod?game_id=18&area=us&product_id=a', slideshow_url: '/assets/banners/18-1.svg' },
  { url: 'https://example.com/offer', slideshow_url: '/assets/banners/18-2.svg' },
];

async function renderCarousel(banners: readonly Banner[] | null) {
  await initI18n('en');
  await i18n.changeLanguage('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <BannerCarousel banners={banners} />
    </I18nextProvider>,
  );
}

const carousel = (container: HTMLElement) => container.querySelector('.swiper');

describe('banner carousel (spec §9)', () => {
  it('holds the space while banners load and shows nothing when there are none', async () => {
    const loading = await renderCarousel(null);
    expect(loading.container.querySelector('.tp-banner--placeholder')).not.toBeNull();
    loading.unmount();
    const none = await renderCarousel([]);
    expect(none.container.querySelector('.tp-banner')).toBeNull();
  });

  it('shows the first slide as a plain image and lets the carousel take over before the first slide change', async () => {
    const { container } = await renderCarousel(BANNERS);
    const first = screen.getByRole('img', { name: 'Offer 1 of 2' });
    expect(first).toHaveAttribute('src', '/assets/banners/18-1.svg');
    expect(first.closest('a')).toHaveAttribute('href', BANNERS[0]?.url);
    // The page's timers on a clock the test moves: nothing waited for, nothing measured.
    jest.useFakeTimers();
    try {
      // Not before the first image is on screen, however long the page waits.
      act(() => jest.advanceTimersByTime(400));
      expect(carousel(container)).toBeNull();

      fireEvent.load(first);
      // Not at once either: its code comes a little before the first change is due (3000 ms), not sooner.
      act(() => jest.advanceTimersByTime(BANNER_AUTOPLAY_MS - CAROUSEL_LEAD_MS - 1));
      expect(carousel(container)).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      await waitFor(() => expect(carousel(container)).not.toBeNull(), { timeout: 5000 });
    } finally {
      jest.useRealTimers();
    }
    // The first slide keeps only what is left of its 3000 ms.
    const firstSlideMs = Number(container.querySelector('.swiper-slide')?.getAttribute('data-swiper-autoplay'));
    expect(firstSlideMs).toBeGreaterThan(0);
    expect(firstSlideMs).toBeLessThanOrEqual(CAROUSEL_LEAD_MS);
    // Every slide links where its banner says; another site opens in a new tab.
    const links = container.querySelectorAll<HTMLAnchorElement>('.swiper-slide a');
    expect(Array.from(links, (a) => a.getAttribute('href'))).toEqual(BANNERS.map((b) => b.url));
    expect(links[1]).toHaveAttribute('target', '_blank');
    expect(links[0]).not.toHaveAttribute('target');
  });

  it('takes over at once when the player reaches for the banner', async () => {
    const { container } = await renderCarousel(BANNERS);
    fireEvent.touchStart(screen.getByRole('region', { name: 'Offers' }));
    await waitFor(() => expect(carousel(container)).not.toBeNull(), { timeout: 1000 });
  });

  it('never loads the carousel for a single banner', async () => {
    const { container } = await renderCarousel(BANNERS.slice(0, 1));
    fireEvent.load(screen.getByRole('img', { name: 'Offer 1 of 1' }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(carousel(container)).toBeNull();
    expect(screen.getByRole('img', { name: 'Offer 1 of 1' })).toBeInTheDocument();
  });
});

describe('banner carousel, WCAG 2.2.2 (decision 208)', () => {
  const realMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  async function renderSlides() {
    await initI18n('en');
    await i18n.changeLanguage('en');
    const view = render(
      <I18nextProvider i18n={i18n}>
        <SwiperCarousel banners={BANNERS} />
      </I18nextProvider>,
    );
    const swiper = () => (view.container.querySelector('.swiper') as HTMLElement & { swiper: SwiperInstance }).swiper;
    await waitFor(() => expect(swiper()).toBeDefined());
    return { ...view, swiper };
  }

  it('plays until the player presses Pause, and again after Play', async () => {
    const { swiper } = await renderSlides();
    await waitFor(() => expect(swiper().autoplay.running).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Pause the offers' }));
    await waitFor(() => expect(swiper().autoplay.running).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Play the offers' }));
    await waitFor(() => expect(swiper().autoplay.running).toBe(true));
  });

  it('stands still for a player who asked for reduced motion, with Play to start it', async () => {
    window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('prefers-reduced-motion') })) as typeof window.matchMedia;
    const { swiper } = await renderSlides();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(swiper().autoplay.running).toBe(false);
    expect(screen.getByRole('button', { name: 'Play the offers' })).toBeInTheDocument();
  });

  it('holds while focus or a finger is inside, and hides the slides out of view', async () => {
    const { swiper, container } = await renderSlides();
    await waitFor(() => expect(swiper().autoplay.running).toBe(true));
    const region = screen.getByRole('region', { name: 'Offers' });
    const links = container.querySelectorAll<HTMLAnchorElement>('.swiper-slide a');
    fireEvent.focus(links[0] as HTMLAnchorElement);
    await waitFor(() => expect(swiper().autoplay.running).toBe(false));
    fireEvent.blur(links[0] as HTMLAnchorElement, { relatedTarget: document.body });
    await waitFor(() => expect(swiper().autoplay.running).toBe(true));
    fireEvent.touchStart(region);
    await waitFor(() => expect(swiper().autoplay.running).toBe(false));
    fireEvent.touchEnd(region);
    await waitFor(() => expect(swiper().autoplay.running).toBe(true));

    const slides = container.querySelectorAll('.swiper-slide');
    expect(slides[0]).not.toHaveAttribute('inert');
    expect(slides[1]).toHaveAttribute('inert');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');
  });
});
