import type { CatalogueFile } from './catalogue-file-shape';

/**
 * The problems of a catalogue file's region pickers (spec §9) that its schema cannot say, each in words
 * after where it is (`at`): a picker's choices are distinct and hold its default; an area picker offers
 * only areas the game is sold in; a region picker covers every server of its area, each of its regions
 * has an open server, and no region is named like an area of the game (a request could not tell them apart).
 * Linear in the file's size: the game's areas and each area's servers are gathered once, and an area
 * listed twice (refused on its own) is looked at once.
 */
export function regionPickerProblems(file: CatalogueFile, at: (index: number, key: string) => string, ok: (row: unknown) => boolean = () => true): string[] {
  const problems: string[] = [];
  const areasOfGame = new Map<number, Set<string>>();
  for (const area of file.game_areas) areasOfGame.set(area.game_id, (areasOfGame.get(area.game_id) ?? new Set<string>()).add(area.area));
  const serversOfArea = new Map<string, CatalogueFile['servers'][number][]>();
  for (const server of file.servers) {
    const key = `${server.game_id}/${server.area}`;
    const servers = serversOfArea.get(key);
    if (servers) servers.push(server);
    else serversOfArea.set(key, [server]);
  }
  const looked = new Set<string>();
  file.game_areas.forEach((row, index) => {
    const picker = row.region_picker;
    if (!picker || !ok(row) || looked.has(`${row.game_id}/${row.area}`)) return;
    looked.add(`${row.game_id}/${row.area}`);
    const say = (problem: string) => problems.push(`${at(index, `${row.game_id}/${row.area}`)}: region_picker: ${problem}`);
    const values = picker.options.map((option) => option.value);
    for (const value of new Set(values.filter((value, i) => values.indexOf(value) !== i))) say(`"${value}" is offered twice`);
    if (!values.includes(picker.default_value)) say(`the default "${picker.default_value}" is not one of its options (${values.join(', ')})`);
    const gameAreas = areasOfGame.get(row.game_id) ?? new Set<string>();
    if (picker.param === 'area') {
      for (const value of values) if (!gameAreas.has(value)) say(`"${value}" is not an area game ${row.game_id} is sold in (an area picker offers the game's areas)`);
      return;
    }
    for (const value of values) if (gameAreas.has(value)) say(`"${value}" is also an area game ${row.game_id} is sold in: a region needs a name of its own`);
    const servers = serversOfArea.get(`${row.game_id}/${row.area}`) ?? [];
    for (const server of servers) {
      if (!values.includes(server.region)) say(`server ${server.server_id} is in region "${server.region}", which the picker does not offer`);
    }
    for (const value of values) {
      if (!servers.some((server) => server.region === value && server.open !== false)) say(`region "${value}" has no open server (players choosing it would find none)`);
    }
  });
  return problems;
}
