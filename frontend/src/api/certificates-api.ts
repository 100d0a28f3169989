// An event's certificates are part of the admin's view of the event: they go by its tag.
import { adminEvent } from './applicants-api';
import { API_BASE_URL, baseApi } from './base-api';
import type { Answer, CertificateFacts, CertificateSummary, EventCertificate, StudentCertificate } from './types';

const apiUrl = (path: string) => `${API_BASE_URL}${path}`;

/**
 * Certificates: an event's, issued and revoked by its club admins (the event-day panel); a
 * student's own (My Registrations); and what a code stands for (the public verification page).
 * Shared by those features, so it sits below them.
 */
const certificatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEventCertificates: build.query<{ summary: CertificateSummary; certificates: EventCertificate[] }, string>({
      query: (eventId) => `/admin/events/${encodeURIComponent(eventId)}/certificates`,
      transformResponse: (body: Answer<'/admin/events/{id}/certificates'>) => ({ summary: body.summary, certificates: body.certificates }),
      providesTags: (_answer, _error, eventId) => [adminEvent(eventId)],
    }),
    issueCertificates: build.mutation<{ message: string }, string>({
      query: (eventId) => ({ url: `/admin/events/${encodeURIComponent(eventId)}/certificates`, method: 'POST' }),
      transformResponse: (body: Answer<'/admin/events/{id}/certificates', 'post'>) => ({ message: body.message ?? 'Certificates issued.' }),
      invalidatesTags: (_answer, _error, eventId) => [adminEvent(eventId), 'Audit'],
    }),
    revokeCertificate: build.mutation<{ message: string }, { eventId: string; certificateId: string; reason: string }>({
      query: ({ certificateId, reason }) => ({ url: `/admin/certificates/${encodeURIComponent(certificateId)}/revoke`, method: 'POST', body: { reason } }),
      transformResponse: (body: Answer<'/admin/certificates/{id}/revoke', 'post'>) => ({ message: body.message ?? 'Certificate revoked.' }),
      invalidatesTags: (_answer, _error, { eventId }) => [adminEvent(eventId), 'Audit'],
    }),
    reissueCertificate: build.mutation<{ message: string }, { eventId: string; certificateId: string }>({
      query: ({ certificateId }) => ({ url: `/admin/certificates/${encodeURIComponent(certificateId)}/reissue`, method: 'POST' }),
      transformResponse: (body: Answer<'/admin/certificates/{id}/reissue', 'post'>) => ({ message: body.message ?? 'Certificate re-issued.' }),
      invalidatesTags: (_answer, _error, { eventId }) => [adminEvent(eventId), 'Audit'],
    }),
    getMyCertificates: build.query<StudentCertificate[], void>({
      query: () => '/user/certificates',
      transformResponse: (body: Answer<'/user/certificates'>) => body.certificates,
    }),
    verifyCertificate: build.query<CertificateFacts, string>({
      query: (code) => `/certificates/${encodeURIComponent(code)}`,
      transformResponse: (body: Answer<'/certificates/{code}'>) => body.certificate,
    }),
  }),
});

export const {
  useGetEventCertificatesQuery,
  useIssueCertificatesMutation,
  useRevokeCertificateMutation,
  useReissueCertificateMutation,
  useGetMyCertificatesQuery,
  useVerifyCertificateQuery,
} = certificatesApi;

/** A student's certificate as a PDF to save (their session cookie goes with the link). */
export const certificatePdfHref = (certificateId: string) => apiUrl(`/user/certificates/${encodeURIComponent(certificateId)}/certificate.pdf`);

/** Every standing certificate of the event, as one ZIP. */
export const certificatesZipHref = (eventId: string) => apiUrl(`/admin/events/${encodeURIComponent(eventId)}/certificates.zip`);
