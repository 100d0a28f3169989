import { useId, useRef, useState, type Ref } from 'react';
import { fieldErrorsOf } from '../../api/base-api';
import type { AdminEvent, EventMessage, EventMessages } from '../../api/types';
import { Alert } from '../../components/Alert';
import { RadioGroupField, TextAreaField, TextField } from '../../components/FormField';
import { Modal, ModalActions } from '../../components/Modal';
import { QueryView } from '../../components/QueryView';
import { count } from '../../lib/count';
import { formatDateTime } from '../../lib/dates';
import { useFocusLater } from '../../lib/use-focus-later';
import { useForm } from '../../lib/use-form';
import { useOutcome } from '../../toasts/use-outcome';
import { useGetEventMessagesQuery, useSendEventMessageMutation, type MessageDraft } from './event-messages-api';
import {
  audienceOptions,
  audienceTo,
  BODY_MAX,
  draftOf,
  emptyAudiences,
  lengthOf,
  messageErrors,
  NO_MESSAGE,
  SUBJECT_MAX,
  type MessageValues,
} from './message-rules';
import './messages.css';

interface MessageDialogProps {
  event: AdminEvent;
  onClose: () => void;
}

/**
 * Message Participants: a message to the event's registrants, its waitlist or both, written, then
 * previewed as the students will get it, then sent; below, the messages sent before.
 */
export function MessageDialog({ event, onClose }: MessageDialogProps) {
  const query = useGetEventMessagesQuery(event._id);
  return (
    <Modal title="Message Participants" onClose={onClose}>
      <p className="panel__hint">{event.name}</p>
      <QueryView query={query} errorTitle="Failed to load the messages" loadingLabel="Loading messages…" headingLevel={3}>
        {({ messages, audience }) => (
          <>
            <MessageForm event={event} audience={audience} onClose={onClose} onRefused={() => void query.refetch()} />
            <SentMessages messages={messages} />
          </>
        )}
      </QueryView>
    </Modal>
  );
}

interface MessageFormProps {
  event: AdminEvent;
  audience: EventMessages['audience'];
  onClose: () => void;
  /** A refusal that is not about a field (nobody in the audience any more): the counts are read again. */
  onRefused: () => void;
}

/** Write, then Preview, then Send; Back and a refused field return to the writing with everything typed. */
function MessageForm({ event, audience, onClose, onRefused }: MessageFormProps) {
  const form = useForm(NO_MESSAGE, messageErrors);
  const [previewing, setPreviewing] = useState(false);
  const [send, { isLoading }] = useSendEventMessageMutation();
  const { outcome, clear, failed, succeeded } = useOutcome();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const focusLater = useFocusLater();
  const draft = draftOf(form.values);

  // Each step's button goes with its step: focus goes to what the press led to.
  const preview = form.handleSubmit(() => {
    clear();
    setPreviewing(true);
    focusLater(() => previewRef.current);
    return Promise.resolve();
  });
  const back = () => {
    setPreviewing(false);
    focusLater(() => form.formRef.current?.querySelector<HTMLElement>('[type="submit"]'));
  };

  const sendDraft = async () => {
    clear();
    const result = await send({ eventId: event._id, draft });
    if (result.error) {
      failed(result.error, 'Failed to send the message', form);
      // A field's error shows under it (the form focuses it); any other says why here.
      if (Object.keys(fieldErrorsOf(result.error)).some((field) => field in NO_MESSAGE)) setPreviewing(false);
      else {
        onRefused();
        focusLater(() => outcomeRef.current);
      }
      return;
    }
    succeeded(result.data.message);
    form.reset();
    setPreviewing(false);
    focusLater(() => outcomeRef.current);
  };

  return (
    <form ref={form.formRef} className="modal__form message-form" onSubmit={preview} noValidate aria-label="Message">
      {outcome && (
        <Alert ref={outcomeRef} tone={outcome.tone}>
          {outcome.text}
        </Alert>
      )}
      {previewing ? (
        <>
          <MessagePreview ref={previewRef} club={event.clubInCharge} draft={draft} recipients={audience[draft.audience]} />
          <ModalActions onCancel={back} cancelLabel="Back" action="Send" busyAction="Sending…" busy={isLoading} onAction={() => void sendDraft()} />
        </>
      ) : (
        <>
          <MessageFields form={form} audience={audience} />
          {/* Once a message is sent, Cancel would read as taking it back. */}
          <ModalActions onCancel={onClose} cancelLabel={outcome?.tone === 'success' ? 'Done' : 'Cancel'} action="Preview" />
        </>
      )}
    </form>
  );
}

function MessageFields({ form, audience }: { form: Pick<ReturnType<typeof useForm<MessageValues>>, 'field' | 'values'>; audience: EventMessages['audience'] }) {
  const { subject, body } = draftOf(form.values);
  return (
    <>
      <RadioGroupField label="Send to" options={audienceOptions(audience)} hint={emptyAudiences(audience)} {...form.field('audience', 'choice')} />
      <TextField label="Subject" autoComplete="off" hint={`${lengthOf(subject)}/${SUBJECT_MAX}`} {...form.field('subject')} />
      <TextAreaField
        label="Message"
        rows={6}
        hint={`Plain text, no links: put them on the event's page. ${lengthOf(body)}/${BODY_MAX}`}
        {...form.field('body')}
      />
    </>
  );
}

interface MessagePreviewProps {
  club: string | null;
  draft: MessageDraft;
  recipients: number;
  ref: Ref<HTMLHeadingElement>;
}

/** The message as the students get it, word for word, and how many it goes to. */
function MessagePreview({ club, draft, recipients, ref }: MessagePreviewProps) {
  const titleId = useId();
  return (
    <section className="message-preview" aria-labelledby={titleId}>
      <h3 ref={ref} id={titleId} className="message-preview__title" tabIndex={-1}>
        Preview
      </h3>
      <div className="message-preview__card">
        <p>
          From {club ?? 'the organisers'}: <strong>{draft.subject}</strong>
        </p>
        <p className="message-preview__body">{draft.body}</p>
      </div>
      <p>This goes to {count(recipients, 'person', 'people')} by e-mail and in their notifications.</p>
    </section>
  );
}

/** The event's messages, newest first: what, when, to whom, to how many, by whom. */
function SentMessages({ messages }: { messages: EventMessage[] }) {
  const titleId = useId();
  return (
    <section className="sent-messages" aria-labelledby={titleId}>
      <h3 id={titleId} className="sent-messages__title">
        Sent messages
      </h3>
      {messages.length === 0 ? (
        <p className="panel__hint">No messages sent yet.</p>
      ) : (
        <ul className="sent-messages__list">
          {messages.map((message) => (
            <li key={message._id} className="sent-messages__item">
              <p className="sent-messages__subject">{message.subject}</p>
              <p className="panel__hint">
                {formatDateTime(message.sentAt)} · to {audienceTo(message.audience)} · {count(message.recipients, 'person', 'people')} · by {message.sentBy}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
