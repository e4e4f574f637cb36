import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedCatalogDataDemo } from '../../db/seed/catalog-data-demo.js';
import { seedDemo } from '../../db/seed/demo.js';
import { users } from '../../db/schema/index.js';

describe('demo catalog data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('fills every non-chart tab of the demo geocontent', async () => {
    await seedDemo(t.database.db, { extensions: [seedCatalogDataDemo(t.app.blobs)] });
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'provider@demo.test'));
    const headers = { authorization: `Bearer ${t.app.signToken(owner!)}` };
    const gcid = owner!.currentGcId!;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

    const ntms = (await get(`/api/ntm/GetNtms4GC?gcid=${gcid}`)).json();
    expect(ntms.length).toBeGreaterThanOrEqual(3);
    const pdf = await get(`/api/ntm/${ntms[0].id}`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await get(`/api/poi?gcid=${gcid}`)).json().length).toBeGreaterThanOrEqual(5);
    expect((await get(`/api/geocontent/GetPoiList?geoContentId=${gcid}`)).json()).toHaveLength(1);

    const raws = (await get(`/api/geocontent/GetRawDepthList?geoContentId=${gcid}`)).json();
    expect(
      raws.some((r: { isPublished: boolean; summary: { pointCount: number } | null }) => r.isPublished && (r.summary?.pointCount ?? 0) > 0),
    ).toBe(true);

    const messages = (await get(`/api/navmessages?gcid=${gcid}`)).json();
    expect(messages.length).toBeGreaterThanOrEqual(2);
    const withImage = messages.find((m: { images: unknown[] }) => m.images.length > 0);
    const image = await get(withImage.images[0].url);
    expect(image.headers['content-type']).toBe('image/png');
  });
});
