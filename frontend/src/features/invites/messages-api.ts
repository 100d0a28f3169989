import { baseApi } from '../../api/base-api';
import type { Answer, StudentMessage } from '../../api/types';

/** The bell's messages from the organisers of the student's events, newest first. */
const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyMessages: build.query<StudentMessage[], void>({
      query: () => '/user/messages',
      transformResponse: (body: Answer<'/user/messages'>) => body.messages,
    }),
  }),
});

export const { useGetMyMessagesQuery } = messagesApi;
