import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { PoiInput } from '@chartroom/contracts/poi';
import type { RawDepthSummary } from '@chartroom/contracts/raw-depth';
import type { Db, DbOrTx } from '../client.js';
import { geocontents, navMessageImages, navMessages, ntms, poiReleases, pois, providers, rawDepths } from '../schema/index.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { summariseDepthFile } from '../../modules/raw-depth/xyz-parser.js';
import { makePdf, makePng, makeXyz } from './catalog-data-files.js';
import type { DemoExtension } from './demo.js';

// Seed functions for a geocontent's non-chart data, reused by the demo data and the tests.

export async function seedNtm(
  db: DbOrTx,
  blobs: BlobStore,
  opts: { geocontentId: number; title: string; description?: string; addDate?: Date },
) {
  const pdf = makePdf([opts.title, 'Notice to mariners', `Issued ${(opts.addDate ?? new Date()).toISOString().slice(0, 10)}`]);
  const key = `ntm/${randomUUID()}-notice.pdf`;
  await blobs.put(key, pdf);
  const [row] = await db
    .insert(ntms)
    .values({
      geocontentId: opts.geocontentId,
      blobKey: key,
      filename: `${opts.title}.pdf`,
      size: pdf.length,
      description: opts.description ?? null,
      ...(opts.addDate ? { addDate: opts.addDate } : {}),
    })
    .returning();
  return row!;
}

export async function seedPoi(db: DbOrTx, opts: { geocontentId: number } & PoiInput) {
  const [row] = await db.insert(pois).values(opts).returning();
  return row!;
}

export async function seedPoiRelease(db: DbOrTx, geocontentId: number) {
  const items = await db.select().from(pois).where(eq(pois.geocontentId, geocontentId));
  const frozen = items.map(({ id, name, category, description, lat, lng }) => ({ id, name, category, description, lat, lng }));
  const [row] = await db.insert(poiReleases).values({ geocontentId, itemsCount: frozen.length, items: frozen }).returning();
  return row!;
}

export async function seedRawDepth(
  db: DbOrTx,
  blobs: BlobStore,
  opts: { geocontentId: number; filename: string; content: string | Buffer; description?: string; isPublished?: boolean },
) {
  const bytes = typeof opts.content === 'string' ? Buffer.from(opts.content) : opts.content;
  const key = `raw/${randomUUID()}-${opts.filename}`;
  await blobs.put(key, bytes);
  const summary: RawDepthSummary | null = await summariseDepthFile(Readable.from([bytes]));
  const [row] = await db
    .insert(rawDepths)
    .values({
      geocontentId: opts.geocontentId,
      blobKey: key,
      filename: opts.filename,
      size: bytes.length,
      description: opts.description ?? null,
      isPublished: opts.isPublished ?? false,
      summary,
    })
    .returning();
  return row!;
}

export async function seedNavMessage(
  db: DbOrTx,
  blobs: BlobStore,
  opts: { geocontentId: number; userId: number | null; text: string; lat: number; lng: number; images?: Buffer[] },
) {
  const [message] = await db
    .insert(navMessages)
    .values({ geocontentId: opts.geocontentId, userId: opts.userId, text: opts.text, lat: opts.lat, lng: opts.lng })
    .returning();
  for (const png of opts.images ?? []) {
    const key = `navmessages/${randomUUID()}-photo.png`;
    await blobs.put(key, png);
    await db.insert(navMessageImages).values({ messageId: message!.id, blobKey: key, mimetype: 'image/png', size: png.length });
  }
  return message!;
}

const demoPois: PoiInput[] = [
  {
    name: 'Annapolis City Dock',
    category: 'harbour',
    description: 'Visitor berths, fresh water, shore power.',
    lat: 38.9771,
    lng: -76.4849,
  },
  { name: 'Back Creek Marina', category: 'marina', description: 'Fuel dock and pump-out.', lat: 38.9689, lng: -76.4781 },
  { name: 'Whitehall Bay anchorage', category: 'anchorage', description: 'Good holding in mud, 3–4 m.', lat: 39.0021, lng: -76.4468 },
  { name: 'Thomas Point Shoal Light', category: 'lighthouse', description: 'Screw-pile lighthouse, Fl W 5s.', lat: 38.8989, lng: -76.4361 },
  { name: 'Submerged wreck', category: 'wreck', description: 'Reported 2019, least depth 4.2 m.', lat: 38.9352, lng: -76.4194 },
  { name: 'Eastport boatyard', category: 'repair', description: 'Travel-lift 35 t.', lat: 38.9738, lng: -76.4755 },
];

/** Fills the catalog tabs of "Demo Harbour Charts": NTMs, POIs with a release, raw depths, messages. */
export function seedCatalogDataDemo(blobs: BlobStore): DemoExtension {
  return async (db: Db, accounts) => {
    const owner = accounts['provider@demo.test'];
    const sender = accounts['user@demo.test'];
    if (!owner) return;
    const [found] = await db
      .select({ gc: geocontents })
      .from(geocontents)
      .innerJoin(providers, eq(providers.id, geocontents.providerId))
      .where(and(eq(providers.ownerUserId, owner.id), eq(geocontents.title, 'Demo Harbour Charts')))
      .limit(1);
    const gc = found?.gc;
    if (!gc) return;
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    await seedNtm(db, blobs, {
      geocontentId: gc.id,
      title: 'NTM 12/2025 Buoy relocated',
      description: 'Green buoy 7 moved 40 m east',
      addDate: day(30),
    });
    await seedNtm(db, blobs, {
      geocontentId: gc.id,
      title: 'NTM 13/2025 Dredging works',
      description: 'Dredging in the approach channel until further notice',
      addDate: day(12),
    });
    await seedNtm(db, blobs, { geocontentId: gc.id, title: 'NTM 14/2025 Light characteristic', addDate: day(2) });
    for (const p of demoPois.slice(0, 4)) await seedPoi(db, { geocontentId: gc.id, ...p });
    await seedPoiRelease(db, gc.id);
    for (const p of demoPois.slice(4)) await seedPoi(db, { geocontentId: gc.id, ...p });
    await seedRawDepth(db, blobs, {
      geocontentId: gc.id,
      filename: 'annapolis-survey-2025.xyz',
      content: makeXyz({ lon: -76.49, lat: 38.95, step: 0.002, size: 20, baseDepth: 3 }),
      description: 'Single-beam survey of the harbour approach',
      isPublished: true,
    });
    await seedRawDepth(db, blobs, {
      geocontentId: gc.id,
      filename: 'severn-river-soundings.csv',
      content: `lat,lon,depth\n${makeXyz({ lon: -76.51, lat: 39.0, step: 0.003, size: 8, baseDepth: 5 })
        .trim()
        .split('\n')
        .map((l) => l.split(' '))
        .map(([x, y, z]) => `${y},${x},${z}`)
        .join('\n')}\n`,
      description: 'Soundings from a sailing club',
    });
    await seedNavMessage(db, blobs, {
      geocontentId: gc.id,
      userId: sender?.id ?? null,
      text: 'Unlit buoy at the channel entrance',
      lat: 38.958123,
      lng: -76.452456,
      images: [makePng(96, 64, [40, 90, 160], [10, 40, 80])],
    });
    await seedNavMessage(db, blobs, {
      geocontentId: gc.id,
      userId: sender?.id ?? null,
      text: 'Floating log, about 6 m long',
      lat: 38.931004,
      lng: -76.428871,
      images: [makePng(96, 64, [120, 160, 200], [30, 60, 90]), makePng(64, 64, [200, 170, 90], [80, 60, 30])],
    });
    await seedNavMessage(db, blobs, {
      geocontentId: gc.id,
      userId: sender?.id ?? null,
      text: 'Shoaling reported near marker 2',
      lat: 38.969876,
      lng: -76.470321,
    });
  };
}
