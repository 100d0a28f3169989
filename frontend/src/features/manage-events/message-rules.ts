import type { EventMessages, MessageAudience } from '../../api/types';
import type { Option } from '../../components/FormField';
import { failing } from '../../lib/use-form';
import type { MessageDraft } from './event-messages-api';

/** Writing to an event's people: the server's rules and words (messages.dto.ts), checked before sending. */

export const SUBJECT_MAX = 120;
export const BODY_MAX = 2000;

export type MessageValues = { audience: string; subject: string; body: string };
export const NO_MESSAGE: MessageValues = { audience: '', subject: '', body: '' };

type AudienceCounts = EventMessages['audience'];

/** Each audience: its choice's label, whom a sent message went to, and why it cannot be chosen when empty. */
const AUDIENCES: { value: MessageAudience; label: string; to: string; nobody?: string }[] = [
  { value: 'registrants', label: 'Registrants', to: 'registrants', nobody: 'Nobody holds a place yet.' },
  { value: 'waitlist', label: 'Waitlist', to: 'the waitlist', nobody: 'Nobody is on the waitlist yet.' },
  // Empty only when both are.
  { value: 'everyone', label: 'Both', to: 'registrants and the waitlist' },
];

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
const PRESENTATION_SEQUENCE = /[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g;

/** Characters as the server's length rule counts them (validator's isLength): an emoji is one, not two. */
export const lengthOf = (text: string): number => text.length - (text.match(SURROGATE_PAIR) ?? []).length - (text.match(PRESENTATION_SEQUENCE) ?? []).length;

/**
 * What the server keeps of what was typed, so what the preview shows and Send sends: the subject
 * on one line with single spaces, the message without blank ends (its line breaks kept).
 */
export const draftOf = ({ audience, subject, body }: MessageValues): MessageDraft => ({
  audience: audience as MessageAudience,
  subject: subject.replace(/\s+/gu, ' ').trim(),
  body: body.trim(),
});

export function messageErrors(values: MessageValues) {
  const { subject, body } = draftOf(values);
  return failing<MessageValues>({
    audience: values.audience ? undefined : 'Please choose who receives it',
    subject: !subject ? 'Please enter a subject' : lengthOf(subject) > SUBJECT_MAX ? `A subject has at most ${SUBJECT_MAX} characters` : undefined,
    body: !body ? 'Please write the message' : lengthOf(body) > BODY_MAX ? 'A message has at most 2,000 characters' : undefined,
  });
}

/** "Registrants (12)": each audience with how many it reaches, an empty one not to be chosen. */
export const audienceOptions = (counts: AudienceCounts): Option[] =>
  AUDIENCES.map(({ value, label }) => ({ value, label: `${label} (${counts[value]})`, disabled: counts[value] === 0 }));

/** Why a choice cannot be taken: nobody is in it yet. */
export function emptyAudiences(counts: AudienceCounts): string | undefined {
  if (counts.everyone === 0) return 'Nobody has registered or joined the waitlist yet.';
  const reasons = AUDIENCES.flatMap(({ value, nobody }) => (counts[value] === 0 && nobody ? [nobody] : []));
  return reasons.length > 0 ? reasons.join(' ') : undefined;
}

/** "registrants and the waitlist": whom a sent message went to. */
export const audienceTo = (audience: MessageAudience): string => AUDIENCES.find(({ value }) => value === audience)?.to ?? audience;
