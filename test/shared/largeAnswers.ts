// Large tool answers for the answer-fitting tests and benchmark: a 1 MB twin (get_twin), a 50,000-point series
// (time_series) and a 10,000-twin page (find_twins), each as its tool's run() would return it.

const ROOM = 'dtmi:com:buildingtwins:sample:Room;1';

/** get_twin of a twin of about 1 MB: hundreds of long texts, long lists and many small nested lists. */
export function largeTwinAnswer(): Record<string, unknown> {
  const contents: Record<string, unknown> = {};
  for (let i = 0; i < 500; i++) contents[`property${i}`] = `value ${i} `.repeat(120).slice(0, 1_000);
  contents.readings = Array.from({ length: 20_000 }, (_, i) => [i, i * 3]);
  contents.tags = Array.from({ length: 10_000 }, (_, i) => `tag-${i}-abcd`);
  contents.zones = Array.from({ length: 3_000 }, (_, i) => ({
    name: `zone ${i}`,
    points: Array.from({ length: 10 }, (_, j) => i + j),
  }));
  const edge = (i: number) => ({ name: 'isPartOf', sourceId: `BIG-${i}`, targetId: 'BIG' });
  return {
    twin: { id: 'BIG', modelId: ROOM, lastUpdateTime: null, contents },
    outgoing: [],
    incoming: Array.from({ length: 100 }, (_, i) => edge(i)),
  };
}

/** time_series with one series of 50,000 points. */
export function longSeriesAnswer(): Record<string, unknown> {
  const points = Array.from({ length: 50_000 }, (_, i) => [
    1_700_000_000_000 + i * 60_000,
    Math.round(Math.sin(i) * 1_000) / 10,
  ]);
  return {
    start: '2023-11-14T22:13:20.000Z',
    end: '2023-12-19T11:33:20.000Z',
    series: { 'HP-AHU-1-SAT': { count: points.length, points } },
  };
}

/** find_twins with a page of 10,000 compact twins. */
export function largePageAnswer(): Record<string, unknown> {
  const twins = Array.from({ length: 10_000 }, (_, i) => ({
    id: `TWIN-${i}`,
    modelId: ROOM,
    name: `Room ${i}`,
    area: 20 + (i % 7),
    nested: ['address'],
  }));
  return { total: 10_000, twins, continuationToken: 'next-page' };
}
