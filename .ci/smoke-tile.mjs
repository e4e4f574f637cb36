// The smoke start's map check: the demo provider's first geocontent with charts answers a tile of its
// starting view (made in a tile worker thread of the built server).
const url = process.argv[2];
const j = async (r) => {
  if (!r.ok) throw new Error(`${r.url} ${r.status} ${await r.text()}`);
  return r.json();
};
const { token } = await j(
  await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'provider@demo.test', password: 'demo-password' }),
  }),
);
const auth = { authorization: `Bearer ${token}` };
const gcs = await j(await fetch(`${url}/api/geocontent/`, { headers: auth }));
const list = Array.isArray(gcs) ? gcs : (gcs.items ?? gcs.geocontents);
for (const gc of list) {
  const task = await j(await fetch(`${url}/api/geocontent/gotomap?gcid=${gc.id}`, { headers: auth }));
  const taskId = task.taskId ?? task;
  const view = await j(await fetch(`${url}/api/geocontent/maptask?taskId=${taskId}`, { headers: auth }));
  if (!view.start) continue;
  const z = 14,
    n = 2 ** z;
  const x = Math.floor(((view.start.lon + 180) / 360) * n);
  const lat = (view.start.lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
  const t0 = Date.now();
  const tile = await fetch(`${url}/tiles/${z}/${x}/${y}.pbf?taskId=${taskId}`);
  const body = Buffer.from(await tile.arrayBuffer());
  console.log(`tile ${z}/${x}/${y} of geocontent ${gc.id}: ${tile.status}, ${body.length} bytes, ${Date.now() - t0} ms`);
  if (tile.status !== 200 || body.length < 100) process.exit(1);
  process.exit(0);
}
console.error('no geocontent with charts');
process.exit(1);
