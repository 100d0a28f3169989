import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CertificateFacts } from '../../api/types';
import { jsonResponse, stubApi, stubFetch } from '../../test/fake-fetch';
import { makeCertificateFacts } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { VerifyCertificatePage } from './VerifyCertificatePage';

const CODE = 'K7QX9M2D4TPA8R1B';
const ADDRESS = `/api/v1/certificates/${CODE}`;

function makeFacts(overrides: Partial<CertificateFacts> = {}): CertificateFacts {
  return makeCertificateFacts({ code: CODE, ...overrides });
}

const renderAt = (route: string) => renderWithProviders(<VerifyCertificatePage />, { path: '/verify/:code?', route });
const factOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the certificate verification page', () => {
  it('shows what a standing certificate was issued for, to whom and by whom', async () => {
    stubApi({ [ADDRESS]: () => jsonResponse({ success: true, certificate: makeFacts({ kind: 'merit', place: 1, teamName: 'Byte Force' }) }) });
    renderAt(`/verify/${CODE}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Verified: Certificate of Merit' })).toBeInTheDocument();
    expect(screen.getByText('This certificate was issued by the festival and stands.')).toBeInTheDocument();
    expect(factOf('Issued to')).toHaveTextContent('Priya Sharma');
    expect(factOf('Team')).toHaveTextContent('Byte Force');
    expect(factOf('Place')).toHaveTextContent('First place');
    expect(factOf('Event')).toHaveTextContent('Code Sprint');
    expect(factOf('Held on')).toHaveTextContent('20 Dec 2026');
    expect(factOf('Organised by')).toHaveTextContent('Tech Club');
    expect(factOf('Institution')).toHaveTextContent('Campus Institute of Technology');
    expect(factOf('Code')).toHaveTextContent('K7QX 9M2D 4TPA 8R1B');
  });

  it('says a revoked certificate is revoked, when and why', async () => {
    const revoked = makeFacts({ revokedAt: '2026-12-22T06:00:00.000Z', revokedReason: 'Marked present by mistake' });
    stubApi({ [ADDRESS]: () => jsonResponse({ success: true, certificate: revoked }) });
    renderAt(`/verify/${CODE}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Revoked: Certificate of Participation' })).toBeInTheDocument();
    expect(screen.getByText('Revoked on 22 Dec 2026: Marked present by mistake')).toBeInTheDocument();
    expect(screen.queryByText(/stands/)).not.toBeInTheDocument();
  });

  it('says "No such certificate" for a code nobody was issued', async () => {
    stubApi({ [ADDRESS]: () => jsonResponse({ success: false, message: 'No such certificate' }, 404) });
    renderAt(`/verify/${CODE.toLowerCase()}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No such certificate');
    expect(screen.getByRole('alert')).toHaveTextContent('No certificate has the code K7QX 9M2D 4TPA 8R1B');
  });

  it('says it is checking while the answer is on its way', async () => {
    stubFetch(() => new Promise<Response>(() => undefined));
    renderAt(`/verify/${CODE}`);
    expect(await screen.findByRole('status')).toHaveTextContent('Checking the certificate…');
  });

  it('offers to try again when the check fails, and shows the certificate once it succeeds', async () => {
    let failing = true;
    stubApi({
      [ADDRESS]: () =>
        failing ? jsonResponse({ success: false, message: 'Something went wrong' }, 500) : jsonResponse({ success: true, certificate: makeFacts() }),
    });
    const { user } = renderAt(`/verify/${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Failed to check the certificate' })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Verified: Certificate of Participation' })).toBeInTheDocument();
  });

  it('goes to the code typed in, without its spaces, and asks for one when the box is empty', async () => {
    stubApi({ [ADDRESS]: () => jsonResponse({ success: true, certificate: makeFacts() }) });
    const { user, router } = renderAt('/verify');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('textbox', { name: 'Certificate code' })).toHaveAccessibleDescription(/Please enter the code printed on the certificate/);
    await user.type(screen.getByRole('textbox', { name: 'Certificate code' }), 'K7QX 9M2D-4TPA 8R1B');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(router.state.location.pathname).toBe(`/verify/${CODE}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Verified: Certificate of Participation' })).toBeInTheDocument();
  });
});
