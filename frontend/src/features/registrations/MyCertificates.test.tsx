import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudentCertificate } from '../../api/types';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { makeCertificateFacts, makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MyCertificates } from './MyCertificates';

const CERTIFICATES = '/api/v1/user/certificates';

let sequence = 0;
function makeCertificate(eventName: string, overrides: Partial<StudentCertificate> = {}): StudentCertificate {
  sequence += 1;
  return {
    ...makeCertificateFacts({ code: `K7QX9M2D4TPA8R${String(sequence).padStart(2, '0')}`, eventName }),
    _id: `cccccccc-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    eventId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    ...overrides,
  };
}

/** The path a link leads to, wherever the API is served from. */
const addressOf = (link: HTMLElement) => new URL(link.getAttribute('href') ?? '', window.location.href).pathname;

function renderCertificates(certificates: StudentCertificate[]) {
  stubApi({ [CERTIFICATES]: () => jsonResponse({ success: true, certificates }) });
  return renderWithProviders(<MyCertificates />, { preloadedState: sessionOf(makeUser()) });
}

describe("the student's certificates", () => {
  it('offers each certificate as a PDF to download and a link to verify it', async () => {
    const sprint = makeCertificate('Code Sprint');
    const hackathon = makeCertificate('Hackathon', { kind: 'merit', place: 2, teamName: 'Byte Force' });
    renderCertificates([sprint, hackathon]);
    const section = within(await screen.findByRole('region', { name: 'Certificates' }));
    const items = section.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Certificate of Participation · issued 21 Dec 2026');
    expect(items[1]).toHaveTextContent('Certificate of Merit, Second place with Byte Force');

    const download = section.getByRole('link', { name: 'Download certificate: Certificate of Merit, Second place for Hackathon' });
    expect(addressOf(download)).toBe(`${CERTIFICATES}/${hackathon._id}/certificate.pdf`);
    expect(download).toHaveAttribute('download');
    expect(addressOf(section.getByRole('link', { name: 'Download certificate: Certificate of Participation for Code Sprint' }))).toBe(
      `${CERTIFICATES}/${sprint._id}/certificate.pdf`,
    );
    expect(section.getByRole('link', { name: 'Verify the certificate for Code Sprint' })).toHaveAttribute('href', `/verify/${sprint.code}`);
  });

  it('shows nothing before a certificate is issued', async () => {
    const { store } = renderCertificates([]);
    // The answer is in, and still there is nothing to show.
    await waitFor(() => expect(store.getState().api.queries['getMyCertificates(undefined)']?.status).toBe('fulfilled'));
    expect(screen.queryByRole('region', { name: 'Certificates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
