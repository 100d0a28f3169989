import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FestivalSettings } from '../../api/types';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeFestivalSettings, sessionOf, superAdmin } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { FestivalSettingsPage } from './FestivalSettingsPage';

const SETTINGS_URL = '/api/v1/festival/settings';
const SIGNATURE_IMAGES_URL = '/api/v1/festival/signature-images';
/** A signature image's id: the SHA-256 of its bytes. */
const IMAGE_ID = 'a'.repeat(64);

/** An uploaded image as a request carries it. */
interface Upload {
  contentType: string | null;
  size: number;
}

/**
 * A PNG chosen from disk, of `size` bytes. Node's File, as a browser's: jsdom's has no stream(), so the fetch of the
 * tests (Node's) would send it as the text "undefined".
 */
const pngFile = (size = 2048) => new NodeFile([new Uint8Array(size)], 'signature.png', { type: 'image/png' }) as unknown as File;

/** The server's answer to an upload it keeps. */
const kept = () => jsonResponse({ success: true, signatureImage: { id: IMAGE_ID, contentType: 'image/png', width: 600, height: 200 } }, 201);

/**
 * The page with the server answering GET with `reads` in turn (the last one repeated), PUT with `save`, and a
 * signature image's upload with `upload` (by default, kept as IMAGE_ID).
 */
function renderSettings({
  reads = [makeFestivalSettings()],
  save,
  upload,
}: { reads?: FestivalSettings[]; save?: (body: Record<string, unknown>) => Response; upload?: () => Response | Promise<Response> } = {}) {
  let read = 0;
  /** The bodies of the saves sent. */
  const sent: Record<string, unknown>[] = [];
  /** The signature images sent. */
  const uploads: Upload[] = [];
  stubApi({
    [SIGNATURE_IMAGES_URL]: async (request) => {
      uploads.push({ contentType: request.headers.get('Content-Type'), size: (await request.arrayBuffer()).byteLength });
      return upload ? upload() : kept();
    },
    [SETTINGS_URL]: async (request) => {
      if (request.method === 'PUT') {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return save
          ? save(body)
          : jsonResponse({ success: true, message: 'Festival settings saved.', settings: { ...makeFestivalSettings(body), version: 4 } });
      }
      const settings = reads[Math.min(read, reads.length - 1)];
      read += 1;
      return jsonResponse({ success: true, settings });
    },
  });
  return { ...renderWithProviders(<FestivalSettingsPage />, { preloadedState: sessionOf(superAdmin()), route: '/admin/festival' }), sent, uploads };
}

/** The certificate's signatories a save sent. */
const signatoriesOf = (body: Record<string, unknown>) => (body.certificate as { signatories: Record<string, unknown>[] }).signatories;

describe('/admin/festival', () => {
  it('shows the settings as they stand and saves every field with the version read, saying so beside the button', async () => {
    const { user, sent } = renderSettings();
    const name = await screen.findByLabelText('Festival name');
    expect(name).toHaveValue('Campus Festival');
    expect(screen.getByLabelText('Registration opens')).toHaveValue('2026-12-01T00:00');
    expect(screen.getByLabelText('Undergraduate programmes')).toHaveValue('Civil\nMechanical');
    expect(screen.getByText(/^Last saved 20 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Start Next Year's Festival" })).toHaveAttribute('href', '/admin/festival/next');

    await user.clear(name);
    await user.type(name, 'Techfest');
    await user.clear(screen.getByLabelText('Last day'));
    await user.type(screen.getByLabelText('Last day'), '2026-12-22');
    await user.click(screen.getByLabelText('Clash check'));
    await user.type(screen.getByLabelText('Postgraduate programmes'), '\n  MCA  \n');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    const saved = await screen.findByText('Festival settings saved.');
    await waitFor(() => expect(saved.closest('[tabindex="-1"]')).toHaveFocus());
    const [body] = sent;
    expect(body).toMatchObject({
      name: 'Techfest',
      firstDay: '2026-12-20',
      lastDay: '2026-12-22',
      registrationOpensAt: '2026-11-30T18:30:00.000Z',
      registrationClosesAt: null,
      about: { postgraduateProgrammes: ['MBA', 'MCA'] },
      rules: { clashCheck: true, maxRegistrationsPerStudent: 0 },
      version: 3,
    });
  });

  it('checks the dates before sending, and shows a refusal of the server under the field it names', async () => {
    const { user, sent } = renderSettings({
      save: () =>
        jsonResponse(
          {
            success: false,
            message: 'Contact phone must be a phone number such as +91 44 2345 6789',
            errors: [{ field: 'about.contactPhone', message: 'Contact phone must be a phone number such as +91 44 2345 6789' }],
          },
          400,
        ),
    });
    const lastDay = await screen.findByLabelText('Last day');
    await user.clear(lastDay);
    await user.type(lastDay, '2026-12-19');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Last day cannot be before the first day')).toBeInTheDocument();
    expect(lastDay).toHaveFocus();
    expect(sent).toHaveLength(0);

    await user.clear(lastDay);
    await user.type(lastDay, '2026-12-21');
    await user.type(screen.getByLabelText('Contact phone'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const phone = screen.getByLabelText('Contact phone');
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Contact phone must be a phone number/));
    expect(phone).toHaveValue('12345678');
  });

  it("shows the festival's time zone, asks for one, and sends the one chosen with the dates at their moment", async () => {
    const { user, sent } = renderSettings();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Asia/Kolkata');
    expect(zone).toHaveAccessibleDescription("The festival's days, deadlines and times are read and shown in this zone. Dates already set keep their moment.");
    expect(screen.getByLabelText('Registration opens')).toHaveAccessibleDescription('Campus time (IST).');

    await user.selectOptions(zone, '');
    expect(errorOf(zone)).toBe('Time zone is required');
    await user.selectOptions(zone, 'America/New York');
    expect(errorOf(zone)).toBe(null);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Festival settings saved.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ timeZone: 'America/New_York', registrationOpensAt: '2026-11-30T18:30:00.000Z', registrationClosesAt: null });
  });

  it('shows a time zone the server refuses under the field', async () => {
    const message = 'Time zone must be a time zone such as Asia/Kolkata';
    const { user } = renderSettings({ save: () => jsonResponse({ success: false, message, errors: [{ field: 'timeZone', message }] }, 400) });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    await user.selectOptions(zone, 'Europe/London');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(errorOf(zone)).toBe(message));
    expect(zone).toHaveFocus();
    expect(zone).toHaveValue('Europe/London');
  });

  it('refuses a save over a newer one, and Reload shows the settings as the other admin left them', async () => {
    const { user } = renderSettings({
      reads: [makeFestivalSettings(), makeFestivalSettings({ name: 'Techfest by the other admin', version: 4 })],
      save: () =>
        jsonResponse(
          { success: false, message: 'The festival settings were changed meanwhile by someone else. Reload to see their change, then make yours again.' },
          409,
        ),
    });
    await user.type(await screen.findByLabelText('Tagline'), ' And more.');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText('The festival settings were changed meanwhile by someone else. Reload to see their change, then make yours again.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload' }));

    await waitFor(() => expect(screen.getByLabelText('Festival name')).toHaveValue('Techfest by the other admin'));
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it("uploads a signatory's signature image at once, shows it, and saves it with the signatory", async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { user, sent, uploads } = renderSettings({ upload: () => answered.then(kept) });
    const input = await screen.findByLabelText('Signatory 1: signature image (optional)');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    expect(input).toHaveAccessibleDescription("PNG or JPEG, up to 100 KB: a scan of the signature on white, cropped. Printed above the signatory's line.");

    await user.upload(input, pngFile(2048));
    expect(await screen.findByText('Uploading…')).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    answer();

    const preview = await screen.findByRole('img', { name: 'Signature of Dr. Meenakshi Iyer' });
    expect(preview).toHaveAttribute('src', expect.stringMatching(new RegExp(`${SIGNATURE_IMAGES_URL}/${IMAGE_ID}$`)));
    expect(uploads).toEqual([{ contentType: 'image/png', size: 2048 }]);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Festival settings saved.')).toBeInTheDocument();
    expect(signatoriesOf(sent[0])).toEqual([{ name: 'Dr. Meenakshi Iyer', title: 'Principal', signatureImageId: IMAGE_ID }]);
  });

  it('refuses a signature image over 100 KB before sending it, at the field', async () => {
    const { user, uploads } = renderSettings();
    const input = await screen.findByLabelText('Signatory 2: signature image (optional)');

    await user.upload(input, pngFile(100 * 1024 + 1));

    await waitFor(() => expect(errorOf(input)).toBe('A signature image is at most 100 KB'));
    expect(input).toHaveFocus();
    expect(uploads).toHaveLength(0);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a signature image the server refuses at the field, and keeps none', async () => {
    const message = 'A signature image is at most 2000 by 1000 pixels: crop it to the signature';
    const { user, sent, uploads } = renderSettings({ upload: () => jsonResponse({ success: false, message }, 400) });
    const input = await screen.findByLabelText('Signatory 1: signature image (optional)');

    await user.upload(input, pngFile());

    await waitFor(() => expect(errorOf(input)).toBe(message));
    expect(input).toHaveFocus();
    expect(uploads).toHaveLength(1);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Festival settings saved.')).toBeInTheDocument();
    expect(signatoriesOf(sent[0])).toEqual([{ name: 'Dr. Meenakshi Iyer', title: 'Principal', signatureImageId: null }]);
  });

  it('removes a signature image from the signatory saved', async () => {
    const settings = makeFestivalSettings({
      certificate: {
        institutionName: 'Coastal Institute of Technology',
        signatories: [{ name: 'Dr. Meenakshi Iyer', title: 'Principal', signatureImageId: IMAGE_ID }],
      },
    });
    const { user, sent } = renderSettings({ reads: [settings] });
    expect(await screen.findByRole('img', { name: 'Signature of Dr. Meenakshi Iyer' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));

    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Signatory 1: signature image (optional)')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Festival settings saved.')).toBeInTheDocument();
    expect(signatoriesOf(sent[0])).toEqual([{ name: 'Dr. Meenakshi Iyer', title: 'Principal', signatureImageId: null }]);
  });

  it('asks for the name of a signatory whose signature is uploaded, and shows a refused image at its own place', async () => {
    const message = 'Signature image is not one uploaded here';
    const { user, sent } = renderSettings({
      save: () => jsonResponse({ success: false, message, errors: [{ field: 'certificate.signatories.1.signatureImageId', message }] }, 400),
    });
    await user.upload(await screen.findByLabelText('Signatory 3: signature image (optional)'), pngFile());
    expect(await screen.findByRole('img', { name: 'Signature of Signatory 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    const name = screen.getByLabelText('Signatory 3: name');
    expect(errorOf(name)).toBe('Name the signatory whose signature this is');
    await waitFor(() => expect(name).toHaveFocus());
    expect(sent).toHaveLength(0);

    await user.type(name, 'Prof. Arun Nair');
    await user.type(screen.getByLabelText('Signatory 3: title'), 'Dean');
    expect(screen.getByRole('img', { name: 'Signature of Prof. Arun Nair' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    // Sent second (place 2 is empty), so the server numbers it 1.
    const input = screen.getByLabelText('Signatory 3: signature image (optional)');
    await waitFor(() => expect(errorOf(input)).toBe(message));
    expect(input).toHaveFocus();
    expect(signatoriesOf(sent[0])).toEqual([
      { name: 'Dr. Meenakshi Iyer', title: 'Principal', signatureImageId: null },
      { name: 'Prof. Arun Nair', title: 'Dean', signatureImageId: IMAGE_ID },
    ]);
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    let calls = 0;
    stubApi({
      [SETTINGS_URL]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ success: false, message: 'The service is unavailable.' }, 503)
          : jsonResponse({ success: true, settings: makeFestivalSettings() });
      },
    });
    const { user } = renderWithProviders(<FestivalSettingsPage />, { preloadedState: sessionOf(superAdmin()), route: '/admin/festival' });
    expect(await screen.findByRole('heading', { name: 'Failed to load the festival settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Festival name')).toHaveValue('Campus Festival');
  });
});
