import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CertificateSummary, EventCertificate } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { clubAdmin, makeCertificateFacts, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CertificatesPanel } from './CertificatesPanel';

const EVENT_ID = '00000000-0000-4000-8000-000000000001';
const LIST = `/api/v1/admin/events/${EVENT_ID}/certificates`;
const counts = (participation: number, merit: number) => ({ participation, merit });

function makeSummary(overrides: Partial<CertificateSummary> = {}): CertificateSummary {
  return { eligible: counts(3, 1), issued: counts(0, 0), toIssue: counts(3, 1), revoked: 0, refusal: null, ...overrides };
}

let sequence = 0;
function makeCertificate(studentName: string, overrides: Partial<EventCertificate> = {}): EventCertificate {
  sequence += 1;
  return {
    ...makeCertificateFacts({ code: `K7QX9M2D4TPA8R${String(sequence).padStart(2, '0')}`, studentName }),
    _id: `cccccccc-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    userId: null,
    currentName: null,
    ...overrides,
  };
}

type Answer = (request: Request) => Response | Promise<Response>;

function renderPanel(list: Answer, answers: Record<string, Answer> = {}) {
  const fetchMock = stubApi({ [LIST]: list, ...answers });
  return { fetchMock, ...renderWithProviders(<CertificatesPanel eventId={EVENT_ID} />, { preloadedState: sessionOf(clubAdmin()) }) };
}

const listing =
  (summary: CertificateSummary, certificates: EventCertificate[] = []) =>
  () =>
    jsonResponse({ success: true, summary, certificates });
const issueButton = () => screen.getByRole('button', { name: 'Issue Certificates' });

describe('the certificates panel', () => {
  it('says how many certificates are owed, and issues them after showing what is added', async () => {
    let issued = false;
    const asha = makeCertificate('Asha Verma', { kind: 'merit', place: 1 });
    const { user, fetchMock } = renderPanel((request) => {
      if (request.method === 'POST') {
        issued = true;
        return jsonResponse({ success: true, message: 'Issued 4 certificates of Code Sprint: 3 participation, 1 merit.' }, 201);
      }
      return issued
        ? listing(makeSummary({ issued: counts(3, 1), toIssue: counts(0, 0) }), [asha, makeCertificate('Bala Murugan')])()
        : listing(makeSummary())();
    });
    expect(await screen.findByText('Owed: 3 participation certificates and 1 merit certificate. Issued: 0.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download All (ZIP)' })).not.toBeInTheDocument();
    expect(screen.queryByText('Every certificate owed has been issued.')).not.toBeInTheDocument();
    await user.click(issueButton());
    const dialog = within(screen.getByRole('dialog', { name: 'Issue Certificates' }));
    expect(dialog.getByText('Participation').nextElementSibling).toHaveTextContent('3');
    expect(dialog.getByText('Merit').nextElementSibling).toHaveTextContent('1');
    expect(dialog.getByText(/Each student is e-mailed/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Issue' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Issued 4 certificates of Code Sprint: 3 participation, 1 merit.');
    expect(requestsTo(fetchMock, LIST).filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Certificates issued' });
    expect(within(table).getByRole('row', { name: /Asha Verma/ })).toHaveTextContent('Merit, First place');
    expect(within(table).getByRole('row', { name: /Asha Verma/ })).toHaveTextContent(`${asha.code.slice(0, 4)} ${asha.code.slice(4, 8)}`);
    expect(within(table).getByRole('row', { name: /Bala Murugan/ })).toHaveTextContent('Participation');
    expect(issueButton()).toBeDisabled();
    expect(screen.getByText('Every certificate owed has been issued.')).toBeInTheDocument();
    const zip = screen.getByRole('link', { name: 'Download All (ZIP)' });
    expect(new URL(zip.getAttribute('href') ?? '', window.location.href).pathname).toBe(`${LIST}.zip`);
    expect(zip).toHaveAttribute('download');
  });

  it('says why certificates cannot be issued yet, and keeps the button shut', async () => {
    const refusal = 'Certificates are issued once the results of Code Sprint are confirmed.';
    renderPanel(listing(makeSummary({ refusal })));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(issueButton()).toBeDisabled();
  });

  it("shows the server's refusal when issuing fails", async () => {
    const refusal = "The super admin must first name the institution and the certificates' signatories in Festival Settings.";
    const { user } = renderPanel((request) => (request.method === 'POST' ? jsonResponse({ success: false, message: refusal }, 409) : listing(makeSummary())()));
    await user.click(await screen.findByRole('button', { name: 'Issue Certificates' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Issue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('revokes a certificate only with a reason, and shows it revoked with that reason', async () => {
    const bala = makeCertificate('Bala Murugan');
    const revoke = `/api/v1/admin/certificates/${bala._id}/revoke`;
    const summary = makeSummary({ issued: counts(1, 0), toIssue: counts(2, 1) });
    const { user, fetchMock } = renderPanel(
      () => (bala.revokedAt ? listing({ ...summary, issued: counts(0, 0), revoked: 1 }, [bala])() : listing(summary, [bala])()),
      {
        [revoke]: async (request) => {
          const { reason } = (await request.json()) as { reason: string };
          Object.assign(bala, { revokedAt: '2026-12-22T06:00:00.000Z', revokedReason: reason });
          return jsonResponse({ success: true, message: 'The certificate of Bala Murugan is revoked.', certificate: bala });
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Revoke the certificate of Bala Murugan' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Revoke Certificate' }));
    expect(dialog.getByText(/The certificate of Bala Murugan \(Participation\) will be shown as revoked/)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'No');
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(/Please say why in a few words/);
    expect(requestsTo(fetchMock, revoke)).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 't present at the event');
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The certificate of Bala Murugan is revoked.');
    expect(await screen.findByText('Revoked: Not present at the event')).toBeInTheDocument();
    expect(screen.getByText(/Issued: 0, revoked: 1\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke the certificate/ })).not.toBeInTheDocument();
  });

  it('re-issues a certificate whose student has changed their name since', async () => {
    const asha = makeCertificate('Asha V', { currentName: 'Asha Verma' });
    const reissue = `/api/v1/admin/certificates/${asha._id}/reissue`;
    const { user, fetchMock } = renderPanel(listing(makeSummary({ issued: counts(1, 0) }), [asha]), {
      [reissue]: () => jsonResponse({ success: true, message: 'The certificate of Asha Verma is re-issued.', certificate: asha }),
    });
    expect(await screen.findByText('(name now: Asha Verma)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Re-issue with the name Asha Verma' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The certificate of Asha Verma is re-issued.');
    expect(requestsTo(fetchMock, reissue)).toHaveLength(1);
  });
});
