import { describe, expect, it } from 'vitest';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// The demo provider opens the POI editor in a new tab, adds a point on the map, publishes, and
// the catalogue lists the new release.
describe.runIf(hasBrowser)('POI editor add and publish', () => {
  const journey = setUpJourney();

  it('adds a point on the map and publishes a release', async () => {
    const { page, context, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'provider@demo.test');
    await page.goto('/provider?tab=catalog&sub=poi');
    const releases = page.getByTestId('poi-releases');
    await releases.getByText('4 items').waitFor();

    const editorOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'POI Editor' }).click();
    const editor = await editorOpened;
    await editor.waitForURL(/\/provider\/poi-editor\?gcid=\d+/);
    await editor.getByTestId('poi-count').filter({ hasText: '6 items' }).waitFor();
    await expect.poll(() => editor.getByTestId('poi-marker').count()).toBe(6);

    const map = editor.getByTestId('chart-map');
    const box = (await map.boundingBox())!;
    await editor.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.7);
    const form = editor.getByTestId('poi-form');
    await form.getByLabel('Name').fill('Fuel pontoon');
    await form.getByRole('button', { name: 'Add point' }).click();
    await editor.getByTestId('poi-count').filter({ hasText: '7 items' }).waitFor();
    await expect.poll(() => editor.getByTestId('poi-marker').count()).toBe(7);

    await editor.getByRole('button', { name: 'Publish Poi' }).click();
    await editor.getByTestId('poi-published').filter({ hasText: 'Published: 7 items' }).waitFor();

    await page.reload();
    await releases.getByText('7 items').waitFor();
    expect(await releases.getByRole('row').count()).toBe(3);
    expect(errors).toEqual([]);
  });
});
