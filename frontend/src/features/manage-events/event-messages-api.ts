import { AUDIT } from '../../api/admin-api';
import { baseApi } from '../../api/base-api';
import type { Answer, ApiMessage, EventMessage, EventMessages, RequestBody } from '../../api/types';

export type MessageDraft = RequestBody<'/admin/events/{id}/messages', 'post'>;

const messagesUrl = (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}/messages`;

/** An event's messages to its people: those sent, the audiences' sizes, and sending one. */
const eventMessagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEventMessages: build.query<EventMessages, string>({
      query: messagesUrl,
      transformResponse: ({ messages, audience }: Answer<'/admin/events/{id}/messages'>) => ({ messages, audience }),
    }),
    sendEventMessage: build.mutation<ApiMessage & { sent: EventMessage }, { eventId: string; draft: MessageDraft }>({
      query: ({ eventId, draft }) => ({ url: messagesUrl(eventId), method: 'POST', body: draft }),
      transformResponse: (body: Answer<'/admin/events/{id}/messages', 'post'>) => ({ message: body.message || 'Message sent.', sent: body.sent }),
      invalidatesTags: [AUDIT],
      // The answer is the message as kept: it heads the sent list at once, without asking again.
      async onQueryStarted({ eventId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(eventMessagesApi.util.updateQueryData('getEventMessages', eventId, (list) => void list.messages.unshift(data.sent)));
      },
    }),
  }),
});

export const { useGetEventMessagesQuery, useSendEventMessageMutation } = eventMessagesApi;
