import { baseApi, type Body } from '../../api/base-api';
import type { ApiMessage, RequestBody } from '../../api/types';

/** One place as the admin chose it: a student on an individual event, a whole team on a group event. */
type WinnerChoice = RequestBody<'/admin/events/{id}/winners', 'put'>['winners'][number];

// Winners belong to the event's public results (tagged as the public event, see api/results-api).
const eventDayApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    chooseWinners: build.mutation<ApiMessage, { eventId: string; winners: WinnerChoice[] }>({
      query: ({ eventId, winners }) => ({ url: `/admin/events/${encodeURIComponent(eventId)}/winners`, method: 'PUT', body: { winners } }),
      transformResponse: (body: Body<object>) => ({ message: body.message || 'Winners selected successfully!' }),
      invalidatesTags: (_answer, _error, { eventId }) => [{ type: 'Event', id: eventId }],
    }),
  }),
});

export const { useChooseWinnersMutation } = eventDayApi;
