import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchCharacter } from './support/page-test';
import { renderRoute, sentTo, withStoreServer } from './support/render-route';

withStoreServer();

const allGames = () => screen.findByRole('region', { name: 'All games' });
const gameNames = (section: HTMLElement) => within(section).queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('/game, the game chooser', () => {
  it('lists every game with its icon, name, description and the areas it is sold in', async () => {
    await renderRoute('/game');
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a game' })).toBeInTheDocument();
    const all = await allGames();
    await within(all).findByRole('heading', { name: 'Emberwing Frontier' });
    expect(gameNames(all)).toHaveLength(10);
    const emberwing = within(all).getByRole('heading', { name: 'Emberwing Frontier' }).closest('article') as HTMLElement;
    expect(within(emberwing).getByText('Tame dragons and hold the frontier in real-time battles.')).toBeInTheDocument();
    expect(emberwing.querySelector('img')?.getAttribute('src')).toBeTruthy();
    const areas = within(emberwing).getByRole('list', { name: 'Regions of Emberwing Frontier' });
    expect(within(areas).getAllByRole('link').map((a) => a.textContent)).toEqual(['North America', 'Europe', 'International', 'Korea']);
    // Nothing remembered yet: no "Recently topped up".
    expect(screen.queryByRole('heading', { name: 'Recently topped up' })).not.toBeInTheDocument();
  });

  it('filters by name or description as the player types, in any case, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderRoute('/game');
    const all = await allGames();
    await within(all).findByRole('heading', { name: 'Emberwing Frontier' });
    const search = screen.getByRole('searchbox', { name: 'Search games' });

    await user.type(search, 'PIXEL');
    expect(gameNames(all)).toEqual(['Pixel Hearth']);
    await user.clear(search);
    await user.type(search, 'dragons');
    expect(gameNames(all)).toEqual(['Emberwing Frontier']);
    await user.clear(search);
    await user.type(search, 'zeppelin');
    expect(gameNames(all)).toEqual([]);
    expect(screen.getByTestId('no-game-matches')).toHaveTextContent('No game matches “zeppelin”.');
    await user.clear(search);
    expect(gameNames(all)).toHaveLength(10);
  });

  it('lists the games last confirmed on `/` first, newest first, under "Recently topped up"', async () => {
    const user = userEvent.setup();
    // A character confirmed on the top-up page of game 18 in the EU store...
    const page = await renderRoute('/?game_id=18&area=eu', { withMainPage: true });
    await searchCharacter(user, 'EU-1 Avalon', '1811001');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('button', { name: 'Confirmed' });
    page.unmount();
    // ...after one remembered earlier for game 44 in Korea.
    expect(window.localStorage.getItem('recent_games')).toBe('18:eu');
    window.localStorage.setItem('recent_games', `${window.localStorage.getItem('recent_games')} 44:kr`);

    await renderRoute('/game');
    const recent = await screen.findByTestId('recent-games');
    expect(within(recent).getByRole('heading', { level: 2 })).toHaveTextContent('Recently topped up');
    const links = within(recent).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual(['Top up Emberwing Frontier in Europe', 'Top up Skyreach Legends in Korea']);
    // Before every other game in the page's order.
    const all = screen.getByRole('region', { name: 'All games' });
    expect(recent.compareDocumentPosition(all) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('opens `/` with the game, the area and the player’s `from` when a game is tapped', async () => {
    const user = userEvent.setup();
    await renderRoute('/game?from=newsletter');
    const all = await allGames();
    const link = await within(all).findByRole('link', { name: 'Top up Skyreach Legends in Korea' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/?game_id=44&area=kr&from=newsletter');
    await user.click(link);
    const { path, query } = await sentTo(screen.findByTestId);
    expect(path).toBe('/');
    expect([query.get('game_id'), query.get('area'), query.get('from')]).toEqual(['44', 'kr', 'newsletter']);
  });

  it('speaks Korean', async () => {
    await renderRoute('/game', { locale: 'ko' });
    expect(screen.getByRole('heading', { level: 1, name: '게임 선택' })).toBeInTheDocument();
    const all = await screen.findByRole('region', { name: '전체 게임' });
    await within(all).findByRole('heading', { name: '엠버윙 프론티어' });
    expect(within(all).getByRole('link', { name: '한국에서 엠버윙 프론티어 충전' })).toBeInTheDocument();
  });
});
