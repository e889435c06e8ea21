import type { RemoteRegistry } from '@topup/shared/contracts';
import type { Server, TabData } from '@topup/shared/types';
import { SPEC_GAME_RULES } from '../../shared/test-support/spec-game-rules';
import { checkCatalogueFile, exportCatalogue, importCatalogue, type CatalogueFile } from '../src/catalogue/catalogue-file';
import { readDemoCatalogue } from '../src/sandbox/seed/demo-catalogue';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const IMPORT = { actor: 'service:test', reason: 'test', source: 'import' } as const;

/** A catalogue file whose lists can be added to. */
type EditableFile = { -readonly [List in keyof CatalogueFile]: CatalogueFile[List] extends readonly (infer Row)[] | undefined ? Row[] : CatalogueFile[List] };

/** A copy to change: the file read is shared. */
function demoFile(): EditableFile {
  return JSON.parse(JSON.stringify(readDemoCatalogue())) as EditableFile;
}

/** Game 907, sold in us with a North/South picker sent as `region`, its characters found by name. */
function withGame907(file: EditableFile): EditableFile {
  const game18 = file.games.find((game) => game.game_id === 18)!;
  file.games.push({ ...game18, game_id: 907, role_lookup: 'name', server_sign_required: false, role_help_image: '' });
  file.game_areas.push({
    game_id: 907,
    area: 'us',
    customer_service_url: null,
    region_picker: { param: 'region', options: [{ label: 'North', value: 'north' }, { label: 'South', value: 'south' }], default_value: 'south' },
    sort: 0,
  });
  file.servers.push(
    { game_id: 907, area: 'us', region: 'north', server_id: 'n1', server_name: 'Northwatch', server_sign: '', sort: 0, open: true },
    { game_id: 907, area: 'us', region: 'south', server_id: 's1', server_name: 'Southreach', server_sign: '', sort: 1, open: true },
  );
  const tab = file.product_tabs.find((row) => row.game_id === 18 && row.area === 'us')!;
  file.product_tabs.push({ ...tab, game_id: 907 });
  const bundle = file.bundles.find((row) => row.game_id === 18 && row.area === 'us' && row.type === tab.type)!;
  file.bundles.push({ ...bundle, game_id: 907, product_id: 'g907-100' });
  const pay = file.pay_types.find((row) => row.game_id === 18 && row.area === 'us')!;
  file.pay_types.push({ ...pay, game_id: 907 });
  return file;
}

describe('region pickers in a catalogue file: refused with the reason', () => {
  const problemsOf = (change: (file: EditableFile) => void) => {
    const file = withGame907(demoFile());
    change(file);
    return checkCatalogueFile(file);
  };
  const picker = (file: EditableFile) => file.game_areas.find((row) => row.game_id === 907)!.region_picker!;

  it('accepts the demo pickers and a new game’s', () => {
    expect(problemsOf(() => undefined)).toEqual([]);
  });

  it('refuses a default that is not offered, a choice offered twice, a region named like an area', () => {
    expect(problemsOf((file) => (picker(file).default_value = 'east'))).toEqual([
      expect.stringContaining('region_picker: the default "east" is not one of its options (north, south)'),
    ]);
    const twice = problemsOf((file) => picker(file).options.push({ label: 'North again', value: 'north' }));
    expect(twice).toEqual([expect.stringContaining('"north" is offered twice')]);
    const clash = problemsOf((file) => {
      picker(file).options.push({ label: 'US', value: 'us' });
      file.servers.push({ game_id: 907, area: 'us', region: 'us', server_id: 'u1', server_name: 'U', server_sign: '', sort: 2, open: true });
    });
    expect(clash).toEqual([expect.stringContaining('"us" is also an area game 907 is sold in')]);
  });

  it('refuses a server in a region the picker leaves out, and a region with no open server', () => {
    expect(problemsOf((file) => (file.servers.find((s) => s.server_id === 'n1' && s.game_id === 907)!.region = 'west'))).toEqual([
      expect.stringContaining('server n1 is in region "west", which the picker does not offer'),
      expect.stringContaining('region "north" has no open server'),
    ]);
    expect(problemsOf((file) => (file.servers.find((s) => s.server_id === 's1' && s.game_id === 907)!.open = false))).toEqual([
      expect.stringContaining('region "south" has no open server'),
    ]);
  });

  it('refuses an area picker offering an area the game is not sold in, and a malformed picker', () => {
    const problems = problemsOf((file) => {
      const row = file.game_areas.find((area) => area.game_id === 18 && area.area === 'us')!;
      row.region_picker!.options.push({ label: 'JP', value: 'jp' });
    });
    expect(problems).toEqual([expect.stringContaining('"jp" is not an area game 18 is sold in')]);
    const malformed = problemsOf((file) => (picker(file).param = 'continent' as never));
    expect(malformed.join('\n')).toMatch(/game_areas.*region_picker.*param/);
  });
});

describe.each(testDbTargets())('the catalogue’s game rules on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(() => store.close());

  const registry = async () => (await store.app.inject({ method: 'GET', url: '/mf/registry.json' })).json() as RemoteRegistry;

  it('are spec §9’s for the demo catalogue, and reach the pages with the registry answer', async () => {
    expect((await store.catalogue.get()).rules).toEqual(SPEC_GAME_RULES);
    expect((await registry()).store?.games).toEqual(SPEC_GAME_RULES);
  });

  it('make a new game’s picker, lookup and areas work as the catalogue says, with no code for it', async () => {
    await importCatalogue(store.db, store.catalogue, withGame907(JSON.parse(JSON.stringify(await exportCatalogue(store.db))) as EditableFile), IMPORT);
    expect((await registry()).store?.games?.['907']).toEqual({
      byName: true,
      regions: { us: { param: 'region', options: [{ label: 'North', value: 'north' }, { label: 'South', value: 'south' }], defaultValue: 'south' } },
    });

    const tab = await call<TabData>(store.app, 'getTab', { game_id: 907, area: 'us' });
    expect(tab.data.game).toMatchObject({ role_lookup: 'name', region_param: 'region', default_region: 'south', region_list: [{ label: 'North', value: 'north' }, { label: 'South', value: 'south' }] });

    const names = async (payload: Record<string, string | number>) => (await call<Server[]>(store.app, 'getServerList', payload)).data.map((s) => s.server_name);
    expect(await names({ game_id: 907, area: 'us', region: '' })).toEqual(['Southreach']);
    expect(await names({ game_id: 907, area: 'us', region: 'north' })).toEqual(['Northwatch']);
    // A region sent as the area reads as that region of its area.
    expect(await names({ game_id: 907, area: 'north', region: '' })).toEqual(['Northwatch']);
    const refused = await call(store.app, 'getServerList', { game_id: 907, area: 'us', region: 'east' });
    expect(refused.ret).not.toBe(0);
    expect(refused.msg).toMatch(/region/);

    // A sub-region's answers are in its area's language: 232's asia is of area en.
    const asia = await call(store.app, 'getRoleInfo', { game_id: 232, area: 'asia', server_id: 'no-such-server', role_id: '1' });
    expect(asia.ret).not.toBe(0);
    expect(asia.msg).toMatch(/^[\x20-\x7e]+$/);
  });
});
