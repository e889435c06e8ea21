import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApi, DEFAULT_API_TIMEOUT_MS, getRoleInfo } from '@topup/shared/api';
import { nodeHttpFetch } from '../../shared/test/support/node-http-fetch';
import { renderMainPage } from './support/render-page';
import { findDialogWith, resetPage } from './support/page-test';

jest.setTimeout(30_000);

afterEach(async () => {
  await resetPage();
  configureApi({ timeoutMs: DEFAULT_API_TIMEOUT_MS });
});

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

describe('transport failures get a localized message, never silence (spec §8)', () => {
  it('says so once when the store cannot be reached', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = http.createServer();
    const url = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
    configureApi({ baseURL: `${url}/api`, fetch: nodeHttpFetch });

    const user = userEvent.setup();
    await renderMainPage('/?game_id=18&area=us');
    // A direct lookup without a character id is refused before any call (spec §5).
    const refused = getRoleInfo({ role_id: '', server_id: '1801', area: 'us', game_id: '18' });
    await expect(refused).rejects.toThrow('Please fill in your character id');
    await expect(refused).rejects.toHaveProperty('kind', 'invalid');
    const dialog = await findDialogWith('Network error. Please check your connection and try again.');
    // Banners, tabs and servers all failed: one dialog, not three.
    expect(screen.getAllByText('Network error. Please check your connection and try again.')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('says the request timed out, in the page language', async () => {
    const hanging = http.createServer(() => {
      /* never answers */
    });
    const url = await listen(hanging);
    configureApi({ baseURL: `${url}/api`, fetch: nodeHttpFetch, timeoutMs: 300 });
    try {
      await renderMainPage('/?game_id=18&area=kr', 'ko');
      expect(await findDialogWith('요청 시간이 초과되었습니다. 다시 시도해 주세요.')).toBeInTheDocument();
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('answers ret ≠ 0 with the server message, and a body that is no envelope with the busy text', async () => {
    const odd = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      // A refusal reading again may cure (1004, a game the area does not sell, leads to the game list instead).
      if (request.url?.endsWith('/getTab')) response.end(JSON.stringify({ ret: 1020, data: null, msg: 'The game\'s servers are not answering right now.' }));
      else if (request.url?.endsWith('/banners')) response.end('<html>proxy error</html>');
      else response.end(JSON.stringify({ ret: 0, data: [], msg: 'OK' }));
    });
    const url = await listen(odd);
    configureApi({ baseURL: `${url}/api`, fetch: nodeHttpFetch });
    try {
      await renderMainPage('/?game_id=18&area=us');
      expect(await findDialogWith('The game\'s servers are not answering right now.')).toBeInTheDocument();
      expect(await findDialogWith('The service is busy. Please try again in a moment.')).toBeInTheDocument();
      // No banners: the carousel takes no room.
      expect(document.querySelector('.tp-banner')).toBeNull();
      // The refused tab list ends the grey placeholders: the shelf says so beside Retry.
      expect(await screen.findByText('The bundles could not be loaded.')).toBeInTheDocument();
      expect(document.querySelector('.tp-bundle-skeleton')).toBeNull();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    } finally {
      await new Promise((resolve) => odd.close(resolve));
    }
  });

  it('says on the shelf when the bundles could not be read, and Retry reads them again', async () => {
    let failPrices = true;
    const flaky = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      const answer = (data: unknown) => response.end(JSON.stringify({ ret: 0, data, msg: 'OK' }));
      if (request.url?.endsWith('/getTab')) answer({ tab_list: ['Gems', 'Packs'], pmx_show: 0, pay_type_list: [], game: null });
      else if (request.url?.endsWith('/getPayPrice') && failPrices) response.destroy();
      else if (request.url?.endsWith('/getPayPrice')) answer([]);
      else answer([]);
    });
    const url = await listen(flaky);
    configureApi({ baseURL: `${url}/api`, fetch: nodeHttpFetch });
    try {
      const user = userEvent.setup();
      await renderMainPage('/?game_id=18&area=us');
      const dialog = await findDialogWith('Network error. Please check your connection and try again.');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      // Not "No bundles in this category yet.": the shelf says what happened and how to go on.
      expect(await screen.findByText('The bundles could not be loaded.')).toBeInTheDocument();
      expect(screen.queryByText('No bundles in this category yet.')).toBeNull();
      failPrices = false;
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('No bundles in this category yet.')).toBeInTheDocument();
      expect(screen.queryByText('The bundles could not be loaded.')).toBeNull();
    } finally {
      flaky.closeAllConnections();
      await new Promise((resolve) => flaky.close(resolve));
    }
  });

  it('shows a loading toast while the price list loads and clears it when the list arrives', async () => {
    const slow = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      const answer = (data: unknown) => response.end(JSON.stringify({ ret: 0, data, msg: 'OK' }));
      if (request.url?.endsWith('/getTab')) answer({ tab_list: ['Gems'], pmx_show: 0, pay_type_list: [], game: null });
      else if (request.url?.endsWith('/getPayPrice')) setTimeout(() => answer([]), 400);
      else answer([]);
    });
    const url = await listen(slow);
    configureApi({ baseURL: `${url}/api`, fetch: nodeHttpFetch });
    try {
      await renderMainPage('/?game_id=18&area=us');
      expect(await screen.findByText('Loading bundles…')).toBeInTheDocument();
      expect(await screen.findByText('No bundles in this category yet.')).toBeInTheDocument();
      expect(screen.queryByText('Loading bundles…')).not.toBeInTheDocument();
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
