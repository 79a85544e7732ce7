/**
 * The three-word address field and its map picker on the profile (spec 1 §4.12, §5; spec 2 §4, §5): typing
 * that can never be an address is refused and the last valid value kept, a wrong pattern and an address in
 * another country are refused, a correct one is saved; the picker's lock, 0,0 and backdrop rules.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, newCustomer } from './support.ts';

const ABU_DHABI = { latitude: 24.4539, longitude: 54.3773 };
const RIYADH = { latitude: 24.7136, longitude: 46.6753 };

async function wordsAt(page: Page, at: { latitude: number; longitude: number }): Promise<string> {
  const res = await page.request.get(`/api/v1/threewords/reverse?lat=${at.latitude}&lng=${at.longitude}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { words: string }).words;
}

async function openProfile(page: Page) {
  await newCustomer(page, { countryCode: 'AE' });
  await page.goto('/en/account/edit-profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your profile');
  return page.getByLabel('Three-word address (optional)');
}

test('the field refuses what can never be an address, checks the country and saves a correct one', async ({ page }) => {
  const field = await openProfile(page);
  const inAbuDhabi = await wordsAt(page, ABU_DHABI);
  const inRiyadh = await wordsAt(page, RIYADH);

  // Upper case, digits, spaces and mixed scripts are refused as typed: the last valid value stays.
  await field.fill('');
  await field.pressSequentially('abc');
  for (const refused of ['D', '1', ' ']) {
    await field.press(refused === ' ' ? 'Space' : refused);
    await expect(field).toHaveValue('abc');
  }
  await field.pressSequentially('.');
  await field.pressSequentially('ش');
  await expect(field).toHaveValue('abc.');
  await field.fill('Table.lamp.river');
  await expect(field).toHaveValue('abc.');

  // A wrong pattern is refused when saving.
  await field.fill('abc.def');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Enter three words separated by dots, for example ///word.word.word')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // An address in another country: said on leaving the field, and refused by the server too.
  await field.fill(`///${inRiyadh}`);
  await field.blur();
  const wrongCountry = page.getByText("This three-word address doesn't exist in your country.");
  await expect(wrongCountry).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(wrongCountry).toBeVisible();

  // A square of the customer's country is accepted and kept (with a mobile number of the customer's own).
  await page.getByLabel('Mobile number').fill(`+971 50 ${String(Date.now()).slice(-7)}`);
  await field.fill(`///${inAbuDhabi}`);
  await field.blur();
  await expect(wrongCountry).toHaveCount(0);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Three-word address (optional)')).toHaveValue(inAbuDhabi);
  await expectAccessible(page);
});

test('the map picker: the lock, 0,0 ignored, the backdrop does not close it, and the address is used', async ({
  page,
  context,
}) => {
  const field = await openProfile(page);
  await field.fill('');
  await page.getByRole('button', { name: 'Pick on the map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pick your three-word address' });
  await expect(dialog).toBeVisible();
  const words = dialog.getByTestId('picked-words');
  // It starts from the customer's city, in their country.
  await expect(words).toHaveText(/^\/\/\/[a-z]+\.[a-z]+\.[a-z]+$/);
  await expect(dialog.getByText(/isn't in United Arab Emirates/)).toHaveCount(0);
  await expectAccessible(page);

  // The backdrop does not close it.
  await page.mouse.click(4, 4);
  await expect(dialog).toBeVisible();

  const canvas = dialog.getByRole('application', { name: 'Map for picking your three-word address' });
  const drag = async (dx: number, dy: number) => {
    const box = (await canvas.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + dy, { steps: 8 });
    await page.mouse.up();
  };

  // Locked: the map moves, the address stays.
  const lock = dialog.getByRole('button', { name: 'Lock the pin' });
  await lock.click();
  await expect(lock).toHaveAttribute('aria-pressed', 'true');
  const before = await words.textContent();
  await drag(120, 40);
  await page.waitForTimeout(500);
  await expect(words).toHaveText(before!);

  // Unlocked: moving the map picks the square under the pin.
  await lock.click();
  await expect(lock).toHaveAttribute('aria-pressed', 'false');
  await drag(-160, -60);
  await expect(words).not.toHaveText(before!);

  // A position of 0,0 is no position: ignored.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 0, longitude: 0 });
  const moved = await words.textContent();
  await dialog.getByRole('button', { name: 'Use my location' }).click();
  await expect(dialog.getByText("Your location isn't available right now.")).toBeVisible();
  await expect(words).toHaveText(moved!);

  // The browser's position, looked up whatever the lock.
  await context.setGeolocation(ABU_DHABI);
  await lock.click();
  await dialog.getByRole('button', { name: 'Use my location' }).click();
  const here = await wordsAt(page, ABU_DHABI);
  await expect(words).toHaveText(`///${here}`);

  await dialog.getByRole('button', { name: 'Use this address' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(field).toHaveValue(`///${here}`);
  await expect(field).toBeFocused();
});

test('an address in another country can be seen in the picker but not used', async ({ page, context }) => {
  const field = await openProfile(page);
  await field.fill(`///${await wordsAt(page, RIYADH)}`);
  await page.getByRole('button', { name: 'Pick on the map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pick your three-word address' });
  await expect(
    dialog.getByText("This address isn't in United Arab Emirates. Move the pin into your country."),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Use this address' })).toBeDisabled();
  // Escape closes it; the field keeps its value.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(field).toHaveValue(/^\/\/\//);
  await context.clearPermissions();
});
