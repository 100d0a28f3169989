import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useFocusLater } from '../../lib/use-focus-later';
import type { Contender } from './event-day-rules';

const WINNERS_ZONE = 'winners';
const ARROWS = ['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown'];

/**
 * With the keyboard there is one place to go: any arrow key moves the picked-up participant onto
 * the winners list, wherever the layout puts it (beside the participants on a laptop, below them
 * on a phone), so the instructions read the same at every width.
 */
const toWinnersZone: KeyboardCoordinateGetter = (event, { context: { droppableRects, collisionRect } }) => {
  const zone = droppableRects.get(WINNERS_ZONE);
  if (!ARROWS.includes(event.code) || !zone) return undefined;
  event.preventDefault();
  return { x: zone.left + (zone.width - (collisionRect?.width ?? 0)) / 2, y: zone.top + (zone.height - (collisionRect?.height ?? 0)) / 2 };
};

const instructions: ScreenReaderInstructions = {
  draggable:
    'To choose this participant as a winner, press Space or Enter to pick it up, an arrow key to move it onto the winners list, and Space or Enter to drop it there. Escape cancels.',
};

interface WinnersBoardProps {
  /** The number of places the admin asked for. */
  count: number;
  contenders: Contender[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: (winners: Contender[]) => void;
}

/**
 * Winner selection (admin-side §4): present participants (whole teams on a group event) are
 * dragged, by pointer or keyboard, onto the winners list, whose order is the places, or chosen
 * with their Choose button, the way on a phone, where the list sits a screen below the cards. A
 * winner can be moved up or down and removed; Confirm Winners waits until every place is filled.
 */
export function WinnersBoard({ count, contenders, busy, onCancel, onConfirm }: WinnersBoardProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusLater();
  const [chosen, setChosen] = useState<string[]>([]);
  const [dragged, setDragged] = useState<Contender | null>(null);
  const byKey = new Map(contenders.map((contender) => [contender.key, contender]));
  const winners = chosen.flatMap((key) => byKey.get(key) ?? []);
  const full = winners.length >= count;
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // A short press first, so a finger can still scroll the list on a phone.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: toWinnersZone }),
  );
  const labelOf = (id: UniqueIdentifier) => byKey.get(String(id))?.label ?? 'Participant';
  const nextPlace = winners.length + 1;
  const present = contenders.filter((contender) => contender.present).length;

  // The board opens below the toolbar, after the count's dialog has handed focus back to Choose
  // Winners: focus moves to the board, where the work is.
  useEffect(() => {
    const title = titleRef.current;
    title?.focus({ preventScroll: true });
    // Scrolled a frame later, not by focus() as the board mounts: the drag-and-drop measures the
    // page as it mounts, and a scroll in that same moment left keyboard drops missing the list.
    const frame = requestAnimationFrame(() => title?.scrollIntoView({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, []);

  const canChoose = (contender: Contender) => contender.present && !chosen.includes(contender.key) && !full;
  const add = (key: string) => {
    const contender = byKey.get(key);
    if (!contender || !canChoose(contender)) return;
    setChosen([...chosen, key]);
  };
  // The Choose pressed goes with its card's choice: focus goes to the next card's Choose (the
  // first one's after the last card), or to Confirm Winners once every place is filled.
  const choose = (index: number) => {
    const key = contenders[index].key;
    add(key);
    const others = [...contenders.slice(index + 1), ...contenders.slice(0, index)];
    const next = winners.length + 1 < count && others.find(canChoose);
    focusLater(() => (next ? listRef.current?.querySelector<HTMLElement>(`[data-choose="${CSS.escape(next.key)}"]`) : confirmRef.current));
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...chosen];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    setChosen(next);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}. Press an arrow key to move it onto the winners list.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} is over the winners list. Press Space or Enter to make it winner ${nextPlace}.`
        : `${labelOf(active.id)} is no longer over the winners list.`,
    onDragEnd: ({ active, over }) => (over ? `${labelOf(active.id)} is winner ${nextPlace}.` : `${labelOf(active.id)} was not added.`),
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
  };

  return (
    <section className="winners-board" aria-labelledby={titleId}>
      <div className="winners-board__header">
        <h4 id={titleId} ref={titleRef} className="event-day__subtitle" tabIndex={-1}>
          Choose {count} {count === 1 ? 'winner' : 'winners'}
        </h4>
        {/* Not a live region: each drop is announced by the drag-and-drop itself. */}
        <p className="winners-board__count">
          {winners.length} of {count} chosen
        </p>
      </div>
      {count > present && (
        <p className="winners-board__warning">
          Only {present} {present === 1 ? 'participant is' : 'participants are'} marked present: {count} places cannot all be filled, so Confirm Winners stays
          off. Cancel and choose at most {present}, or mark attendance first.
        </p>
      )}
      {/* A box of its own: the drag-and-drop's live region and overlay stay out of the board's grid. */}
      <div>
        <DndContext
          sensors={sensors}
          accessibility={{ announcements, screenReaderInstructions: instructions }}
          onDragStart={({ active }) => setDragged(byKey.get(String(active.id)) ?? null)}
          onDragCancel={() => setDragged(null)}
          onDragEnd={({ active, over }) => {
            setDragged(null);
            if (over?.id === WINNERS_ZONE) add(String(active.id));
          }}
        >
          <div className="winners-board__columns">
            <div className="winners-board__column">
              <h5 className="winners-board__label">Participants</h5>
              <p className="panel__hint">
                {full ? `All ${count} places are filled. Remove a winner to choose another.` : 'Only those marked present can be chosen.'}
              </p>
              <ul ref={listRef} className="winners-board__list" aria-label="Participants">
                {contenders.map((contender, index) => (
                  <li key={contender.key} className="winners-board__entry">
                    <ParticipantCard contender={contender} place={chosen.indexOf(contender.key) + 1} locked={full} />
                    {canChoose(contender) && (
                      <button
                        type="button"
                        className="button button--ghost"
                        data-choose={contender.key}
                        aria-label={`Choose ${contender.label} as winner ${nextPlace}`}
                        onClick={() => choose(index)}
                      >
                        Choose
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </div>
            <WinnersZone winners={winners} count={count} onMove={move} onRemove={(key) => setChosen(chosen.filter((other) => other !== key))} />
          </div>
          <DragOverlay>
            {dragged && (
              <div className="winners-card">
                <CardBody contender={dragged} status="Drop on the winners list" />
              </div>
            )}
          </DragOverlay>
        </DndContext>
      </div>
      <div className="event-day__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button
          ref={confirmRef}
          type="button"
          className="button button--primary"
          disabled={winners.length !== count || busy}
          onClick={() => onConfirm(winners)}
        >
          {busy ? 'Confirming…' : 'Confirm Winners'}
        </button>
      </div>
    </section>
  );
}

/** A participant the admin can drag, unless absent, already a winner, or every place is filled. */
function ParticipantCard({ contender, place, locked }: { contender: Contender; place: number; locked: boolean }) {
  const disabled = !contender.present || place > 0 || locked;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: contender.key, disabled });
  const status = !contender.present
    ? contender.kind === 'team'
      ? 'Not everyone present: cannot be chosen'
      : 'Absent: cannot be chosen'
    : place > 0
      ? `Winner ${place}`
      : locked
        ? 'Present'
        : 'Present: choose, or drag to the winners list';
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      className={`winners-card${disabled ? ' winners-card--disabled' : ''}${isDragging ? ' winners-card--dragging' : ''}`}
    >
      <CardBody contender={contender} status={status} />
    </div>
  );
}

function CardBody({ contender, status }: { contender: Contender; status: string }) {
  return (
    <div className="winners-card__body">
      <strong className="winners-card__name">{contender.label}</strong>
      {contender.detail && <span className="winners-card__detail">{contender.detail}</span>}
      <span className="winners-card__status">{status}</span>
    </div>
  );
}

interface WinnersZoneProps {
  winners: Contender[];
  count: number;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (key: string) => void;
}

type Control = 'up' | 'down' | 'remove';
/**
 * What to focus after the list changes, since the control pressed moved, went off or went away:
 * a row's control, or the list's title once the list is empty.
 */
type FocusTarget = { key: string; control: Control } | 'title';

/** Where participants are dropped: the places in order, each with its own controls. */
function WinnersZone({ winners, count, onMove, onRemove }: WinnersZoneProps) {
  const { setNodeRef, isOver } = useDroppable({ id: WINNERS_ZONE });
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const control =
      focusTarget === 'title'
        ? null
        : listRef.current?.querySelector<HTMLButtonElement>(`[data-key="${CSS.escape(focusTarget.key)}"][data-control="${focusTarget.control}"]`);
    (control ?? titleRef.current)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    // At the top or bottom the arrow pressed goes off: the moved row's other arrow takes focus.
    const atEnd = by === -1 ? to === 0 : to === winners.length - 1;
    const pressed: Control = by === -1 ? 'up' : 'down';
    onMove(index, by);
    setFocusTarget({ key: winners[index].key, control: atEnd ? (pressed === 'up' ? 'down' : 'up') : pressed });
  };
  const remove = (index: number) => {
    // The next row's Remove (the previous one's for the last row), else the list's title.
    const next = winners[index + 1] ?? winners[index - 1];
    onRemove(winners[index].key);
    setFocusTarget(next ? { key: next.key, control: 'remove' } : 'title');
  };

  const controlProps = (winner: Contender, control: Control) => ({ 'data-key': winner.key, 'data-control': control });
  return (
    <div className="winners-board__column">
      <h5 className="winners-board__label" id={titleId} ref={titleRef} tabIndex={-1}>
        Winners
      </h5>
      <div ref={setNodeRef} className={`winners-zone${isOver ? ' winners-zone--over' : ''}`}>
        {winners.length === 0 ? (
          <p className="winners-zone__empty">Choose participants, or drag them here, first place first.</p>
        ) : (
          <ol ref={listRef} className="winners-board__list" aria-labelledby={titleId}>
            {winners.map((winner, index) => (
              <li key={winner.key} className="winners-zone__item">
                <span className="winners-zone__place" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="winners-zone__name">{winner.label}</span>
                <span className="winners-zone__controls">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move ${winner.label} up`}
                    {...controlProps(winner, 'up')}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={index === winners.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move ${winner.label} down`}
                    {...controlProps(winner, 'down')}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small button--danger-text"
                    onClick={() => remove(index)}
                    aria-label={`Remove ${winner.label}`}
                    {...controlProps(winner, 'remove')}
                  >
                    Remove
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
        {winners.length < count && winners.length > 0 && <p className="winners-zone__empty">{count - winners.length} more to choose.</p>}
      </div>
    </div>
  );
}
