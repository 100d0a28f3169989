import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Classmate, FestEvent, Team } from '../../api/types';
import { Alert } from '../../components/Alert';
import { ConfirmByNameModal } from '../../components/ConfirmByNameModal';
import { TextField } from '../../components/FormField';
import { Modal, ModalActions } from '../../components/Modal';
import { paths } from '../../config/paths';
import { useForm } from '../../lib/use-form';
import { useSelection } from '../../lib/use-selection';
import { useSession } from '../../session/use-session';
import { useOutcome } from '../../toasts/use-outcome';
import { MemberPicker } from './MemberPicker';
import { newTeamGender, placesLeft, takesTeamOfOne, teamMessages } from './team-rules';
import {
  useAddMembersMutation,
  useCreateTeamMutation,
  useCreateTeamWithInvitesMutation,
  useDiscardTeamMutation,
  useLeaveTeamMutation,
  useRegisterTeamMutation,
} from './teams-api';
import { useTeamToasts } from './use-team-toasts';

/** The event page searches from this many characters (spec §5). */
const EVENT_PAGE_MIN_SEARCH = 2;

interface CloseProps {
  /** Closing unmounts the modal, which forgets what was typed and chosen. */
  onClose: () => void;
}

interface DoneProps extends CloseProps {
  /** Closes the modal once its work is done, with the team it changed (none when the team went). */
  onDone: (teamId?: string) => void;
}

function ModalOutcome({ outcome }: { outcome: ReturnType<typeof useOutcome>['outcome'] }) {
  return outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>;
}

/**
 * Names a new team and invites classmates; the leader counts as the first member. An event that
 * takes a team of one lets the leader invite nobody: the team can register as it is.
 */
export function CreateTeamModal({ event, onClose, onDone }: DoneProps & { event: FestEvent }) {
  const form = useForm({ teamName: '' }, ({ teamName }) => (teamName.trim() ? {} : { teamName: teamMessages.nameRequired }));
  const selection = useSelection<Classmate>((event.maxTeamSize ?? Infinity) - 1);
  const [tried, setTried] = useState(false);
  const [createWithInvites, withInvites] = useCreateTeamWithInvitesMutation();
  const [createAlone, alone] = useCreateTeamMutation();
  const { user } = useSession();
  const { outcome, clear, failed } = useOutcome();
  const toasts = useTeamToasts();
  const soloAllowed = takesTeamOfOne(event);
  const membersError = tried && !soloAllowed && selection.selected.length === 0 ? teamMessages.inviteAtLeastOne : undefined;

  const submit = (domEvent: SubmitEvent) => {
    setTried(true);
    form.handleSubmit(async ({ teamName }) => {
      if (selection.selected.length === 0 && !soloAllowed) return;
      clear();
      const name = teamName.trim();
      const result =
        selection.selected.length === 0
          ? await createAlone({ eventId: event._id, teamName: name })
          : await createWithInvites({ eventId: event._id, teamName: name, userIds: selection.ids() });
      if (result.error) {
        failed(result.error, 'Failed to create team. Please try again.', form);
        return;
      }
      toasts.succeeded(result.data, teamMessages.invitesSent);
      onDone(result.data.team._id);
    })(domEvent);
  };

  return (
    <Modal title="Create Team" onClose={onClose}>
      <form ref={form.formRef} className="modal__form" onSubmit={submit} noValidate>
        <ModalOutcome outcome={outcome} />
        <TextField label="Team name" autoComplete="off" maxLength={100} {...form.field('teamName')} />
        <MemberPicker
          eventId={event._id}
          minChars={EVENT_PAGE_MIN_SEARCH}
          selection={selection}
          error={membersError}
          teamGender={user ? newTeamGender(event, user) : null}
        />
        {soloAllowed && <p className="panel__hint">Inviting is optional: a team of one can register as it is.</p>}
        <ModalActions onCancel={onClose} action="Create Team" busyAction="Creating..." busy={withInvites.isLoading || alone.isLoading} />
      </form>
    </Modal>
  );
}

/** Invites more classmates into an existing team, up to its free places. */
export function AddMembersModal({ team, onClose, onDone }: DoneProps & { team: Team }) {
  const selection = useSelection<Classmate>(placesLeft(team));
  const [tried, setTried] = useState(false);
  const [invite, { isLoading }] = useAddMembersMutation();
  const { outcome, clear, failed } = useOutcome();
  const toasts = useTeamToasts();
  const membersError = tried && selection.selected.length === 0 ? teamMessages.selectAtLeastOne : undefined;

  const submit = async (domEvent: SubmitEvent) => {
    domEvent.preventDefault();
    setTried(true);
    if (selection.selected.length === 0) return;
    clear();
    const result = await invite({ teamId: team._id, userIds: selection.ids() });
    if (result.error) {
      failed(result.error, 'Failed to invite members');
      return;
    }
    toasts.succeeded(result.data);
    onDone(team._id);
  };

  return (
    <Modal title={`Add Members to ${team.teamName}`} onClose={onClose}>
      <form className="modal__form" onSubmit={(domEvent) => void submit(domEvent)} noValidate>
        <ModalOutcome outcome={outcome} />
        <MemberPicker eventId={team.eventId._id} minChars={EVENT_PAGE_MIN_SEARCH} selection={selection} error={membersError} teamGender={team.gender} />
        <ModalActions onCancel={onClose} action="Send Invites" busyAction="Inviting..." busy={isLoading} />
      </form>
    </Modal>
  );
}

/** Registers the whole team, confirmed by typing the event's name; then My Registrations. */
export function RegisterTeamModal({ team, onClose }: CloseProps & { team: Team }) {
  const [register, { isLoading }] = useRegisterTeamMutation();
  const { outcome, clear, failed } = useOutcome();
  const toasts = useTeamToasts();
  const navigate = useNavigate();

  const confirm = async () => {
    clear();
    const result = await register({ teamId: team._id, eventId: team.eventId._id });
    if (result.error) {
      failed(result.error, 'Failed to register team');
      return;
    }
    toasts.succeeded(result.data);
    void navigate(paths.myRegistrations);
  };

  return (
    <ConfirmByNameModal
      title="Register Team"
      eventName={team.eventId.name}
      outcome={<ModalOutcome outcome={outcome} />}
      busy={isLoading}
      busyLabel="Registering..."
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        You are registering <strong>{team.teamName}</strong> for <strong>{team.eventId.name}</strong>. Pending invites are withdrawn and the team can no longer
        change. To confirm, type the event name exactly as shown.
      </p>
    </ConfirmByNameModal>
  );
}

type Parting = 'discard' | 'leave';

const parting: Record<Parting, { title: string; action: string; busy: string; fallback: string; text: (team: Team) => string }> = {
  discard: {
    title: 'Discard Team',
    action: 'Discard Team',
    busy: 'Discarding...',
    fallback: 'Failed to discard team',
    text: (team) => `Discard ${team.teamName}? Its members leave it and its pending invites are cancelled.`,
  },
  leave: {
    title: 'Leave Team',
    action: 'Leave Team',
    busy: 'Leaving...',
    fallback: 'Failed to leave team',
    text: (team) => `Leave ${team.teamName}? You can join or form another team for this event afterwards.`,
  },
};

/** Discard (the leader) or leave (a member), before registration; Escape closes it. */
export function PartingModal({ team, kind, onClose, onDone }: DoneProps & { team: Team; kind: Parting }) {
  const [discard, discarding] = useDiscardTeamMutation();
  const [leave, leaving] = useLeaveTeamMutation();
  const { outcome, clear, failed } = useOutcome();
  const toasts = useTeamToasts();
  const copy = parting[kind];
  const busy = discarding.isLoading || leaving.isLoading;

  const confirm = async () => {
    clear();
    const result = await (kind === 'discard' ? discard(team._id) : leave(team._id));
    if (result.error) {
      failed(result.error, copy.fallback);
      return;
    }
    toasts.succeeded(result.data);
    onDone();
  };

  return (
    <Modal title={copy.title} onClose={onClose}>
      <div className="modal__form">
        <ModalOutcome outcome={outcome} />
        <p>{copy.text(team)}</p>
        <ModalActions onCancel={onClose} action={copy.action} busyAction={copy.busy} busy={busy} onAction={() => void confirm()} danger />
      </div>
    </Modal>
  );
}
