import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { findDialogWith, searchCharacter } from './support/page-test';
import { renderRoute, sentTo, withStoreServer } from './support/render-route';

withStoreServer();

const productSection = () => screen.findByRole('region', { name: 'Bundle' });

async function confirmCharacter(user: UserEvent, serverName: string, roleId: string): Promise<void> {
  await searchCharacter(user, serverName, roleId);
  await user.click(await screen.findByRole('button', { name: 'Confirm' }));
  await screen.findByRole('button', { name: 'Confirmed' });
}

describe('/prod, one bundle', () => {
  it('shows the bundle of a banner link: image, name, description, first-buy tag and price, under the game’s header', async () => {
    await renderRoute('/prod?game_id=18&area=us&product_id=18-us-currency-980');
    expect(await screen.findByRole('heading', { level: 1, name: 'Emberwing Frontier' })).toBeInTheDocument();
    const section = await productSection();
    const card = await within(section).findByRole('article');
    expect(card).toHaveAttribute('data-product-id', '18-us-currency-980');
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('980 Dragon Gems');
    expect(within(card).getByTestId('bundle-subtitle')).toHaveTextContent('980 Dragon Gems delivered to your in-game mailbox.');
    expect(within(card).getByTestId('bundle-tag')).toHaveTextContent('First top-up ×2');
    expect(within(card).getByRole('button', { name: 'Enlarge the picture of 980 Dragon Gems' }).querySelector('img')).toHaveAttribute('src');
    expect(within(card).getByRole('button', { name: 'Buy 980 Dragon Gems for $14.99' })).toHaveTextContent('$14.99');
    expect(within(section).getByTestId('product-offer')).toHaveTextContent('First top-up: 980 Dragon Gems + 980 first-time bonus');
    // The same character section as `/`.
    expect(screen.getByRole('heading', { level: 2, name: 'Select Character' })).toBeInTheDocument();
  });

  it('reprices for the confirmed character (limit and tag) and buys as `/` does: /submit with the bundle, its tab, pmx_show and roleInfo', async () => {
    const user = userEvent.setup();
    await renderRoute('/prod?game_id=18&area=us&product_id=18-us-weekly-supply&from=banner');
    const section = await productSection();
    await within(section).findByRole('article');
    // Without a confirmed character, buying asks for one first.
    await user.click(within(section).getByRole('button', { name: 'Buy Weekly Supply for $2.99' }));
    const dialog = await findDialogWith('Please confirm your character information first!');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(within(section).getByTestId('bundle-limit')).toHaveTextContent('Purchased 0/3');
    // The returning demo player has bought this pack once.
    await confirmCharacter(user, 'NA-1 Aurora', '1801003');
    await within(section).findByText('Purchased 1/3');
    expect(within(section).getByTestId('bundle-tag')).toHaveTextContent('Limited');
    expect(window.localStorage.getItem('recent_games')).toBe('18:us');

    await user.click(within(section).getByRole('button', { name: 'Buy Weekly Supply for $2.99' }));
    const { path, query } = await sentTo(screen.findByTestId);
    expect(path).toBe('/submit');
    expect(query.get('product_id')).toBe('18-us-weekly-supply');
    expect(query.get('product_name')).toBe('Weekly Supply');
    expect(query.get('amount')).toBe('2.99');
    expect(query.get('game_id')).toBe('18');
    expect(query.get('area')).toBe('us');
    expect(query.get('type')).toBe('Packs');
    expect(query.get('pmx_show')).toBe('1');
    expect(JSON.parse(query.get('roleInfo') ?? '{}')).toMatchObject({ role_id: '1801003', server_id: '1801', server_name: 'NA-1 Aurora' });
  });

  it('says when a bundle is not on sale, with a way back to the game', async () => {
    const user = userEvent.setup();
    await renderRoute('/prod?game_id=18&area=us&product_id=18-us-no-such-bundle');
    const message = await screen.findByTestId('product-message');
    expect(within(message).getByRole('heading', { level: 2 })).toHaveTextContent('This bundle is not on sale');
    expect(screen.queryByRole('region', { name: 'Bundle' })).not.toBeInTheDocument();
    const back = within(message).getByRole('link', { name: 'See all bundles' });
    expect(back).toHaveAttribute('href', '/?game_id=18&area=us');
    await user.click(back);
    const { path, query } = await sentTo(screen.findByTestId);
    expect([path, query.get('game_id'), query.get('area')]).toEqual(['/', '18', 'us']);
  });

  it('says when the link names no bundle, or no game', async () => {
    const first = await renderRoute('/prod?game_id=44&area=kr');
    expect(await screen.findByTestId('product-message')).toHaveAttribute('data-reason', 'noProduct');
    expect(screen.getByRole('heading', { level: 2, name: 'Which bundle?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all bundles' })).toHaveAttribute('href', '/?game_id=44&area=kr');
    first.unmount();

    await renderRoute('/prod');
    expect(await screen.findByTestId('product-message')).toHaveAttribute('data-reason', 'noGame');
    expect(screen.getByRole('link', { name: 'Choose a game' })).toHaveAttribute('href', '/game');
  });

  it('speaks Chinese, priced in won for kr', async () => {
    await renderRoute('/prod?game_id=18&area=kr&product_id=18-kr-currency-980', { locale: 'zh' });
    const section = await screen.findByRole('region', { name: '礼包' });
    const price = await within(section).findByRole('button', { name: /₩19,000/ });
    expect(price).toHaveTextContent('₩19,000');
    expect(screen.getByRole('heading', { level: 2, name: '选择角色' })).toBeInTheDocument();
  });
});
