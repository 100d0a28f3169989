import { type Ref, type RefObject, useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CameraScanner } from './CameraScanner';
import { CheckInOutcome, summaryOf } from './CheckInOutcome';
import { keepDoorOffline, linkDoorManifest } from './door-offline';
import { DoorListPanel } from './DoorListPanel';
import { StudentSearch, TicketCodeForm } from './ManualCheckIn';
import { type Outcome, type ShownOutcome, useDoorCheckIn } from './use-door-check-in';
import { useDoorList } from './use-door-list';
import './scan.css';

type Mode = 'camera' | 'code' | 'name';

const MODES: { mode: Mode; label: string }[] = [
  { mode: 'camera', label: 'Scan' },
  { mode: 'code', label: 'Type code' },
  { mode: 'name', label: 'Find by name' },
];

/**
 * Check-in at the venue's door (admin-side §4): a club admin scans the QR code on a student's
 * ticket with the phone's rear camera, types its code, or finds the student by name. Made for one
 * hand on a phone: the verdict is large, and every action sits in the bar at the bottom.
 */
export function ScanTicketsPage() {
  useDocumentTitle('Scan Tickets');
  const [mode, setMode] = useState<Mode>('camera');
  const list = useDoorList();
  const roster = list.roster;
  const door = useDoorCheckIn(roster ? { roster, doorName: list.doorName, record: list.record } : undefined);
  useEffect(linkDoorManifest, []);
  // A door that keeps a list keeps the page too: each visit refreshes the phone's copy of it.
  const keepsList = Boolean(roster);
  useEffect(() => {
    if (keepsList) keepDoorOffline();
  }, [keepsList]);
  const [choice, setChoice] = useState<{ outcomeId: number; userIds: string[] } | null>(null);
  // A new form for each student: the code typed for the last one goes with its verdict.
  const [formKey, setFormKey] = useState(0);
  const outcome = door.shown?.outcome;
  const outcomeRef = useRef<HTMLDivElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  useVerdictInView(door.shown?.id, outcomeRef, dockRef);
  const looking = outcome?.kind === 'looking';
  const busy = looking || outcome?.kind === 'choose';
  const camera = useCameraReads({ free: !busy, verdictShown: door.shown !== null }, (code) => void door.readTicket(code));

  const next = () => {
    camera.next();
    setFormKey((key) => key + 1);
    door.clear();
  };
  // A team's ticket starts with every member not yet in ticked: teams mostly arrive together.
  const chosen = choice && choice.outcomeId === door.shown?.id ? choice.userIds : notYetIn(outcome);
  const setChosen = (userIds: string[]) => door.shown && setChoice({ outcomeId: door.shown.id, userIds });

  return (
    <div className="page scan-page">
      <PageHeader eyebrow="Event day" title="Scan Tickets">
        Check students in at the door: scan their ticket&apos;s QR code, type its code, or find them by name.
      </PageHeader>
      <DoorListPanel door={list} />
      <div className="scan-page__work">
        {mode === 'camera' && <CameraScanner paused={busy} onRead={camera.read} />}
        {mode === 'code' && <TicketCodeForm key={formKey} busy={busy} onCode={(code) => void door.readTicket(code)} />}
        {mode === 'name' && <StudentSearch busy={busy} onMark={(event, student) => void door.markByName(event, student)} />}
        <div ref={outcomeRef} className="scan-page__outcome">
          {door.shown && <CheckInOutcome key={door.shown.id} outcome={door.shown.outcome} chosen={chosen} onChosenChange={setChosen} />}
        </div>
        {/* Stays on the page, so that screen readers hear each verdict, in one line. */}
        <p className="visually-hidden" aria-live="polite">
          {door.shown && summaryOf(door.shown.outcome)}
        </p>
      </div>
      <ScanDock
        ref={dockRef}
        shown={door.shown}
        mode={mode}
        chosenCount={chosen.length}
        onMode={(chosenMode) => {
          next();
          setMode(chosenMode);
        }}
        onNext={next}
        onAdmitChosen={() => void door.admitChosen(chosen)}
      />
    </div>
  );
}

/** After "Scan next", the ticket just read is ignored this long unless the camera sees it leave. */
const SAME_TICKET_PAUSE_MS = 2000;

/**
 * The camera sees a ticket many times a second: a code is read when the door is free, and the
 * one just read is not read again while its verdict shows, nor just after the admin moves on
 * while it is still held up (it would say "Already checked in" at once): not until a frame
 * without it, or a short pause.
 */
function useCameraReads({ free, verdictShown }: { free: boolean; verdictShown: boolean }, onCode: (code: string) => void) {
  const lastCode = useRef<string | null>(null);
  const ignoreUntil = useRef(0);
  return {
    read: (code: string | undefined) => {
      if (code === undefined) {
        lastCode.current = null;
        return;
      }
      const stillHeld = code === lastCode.current && (verdictShown || Date.now() < ignoreUntil.current);
      if (!free || stillHeld) return;
      lastCode.current = code;
      onCode(code);
    },
    next: () => {
      ignoreUntil.current = Date.now() + SAME_TICKET_PAUSE_MS;
    },
  };
}

/** Space for a verdict's heading and first line: less than this above the bar, and the page scrolls to it. */
const HEADLINE_PX = 140;

/**
 * Brings each new verdict's heading into view when it is hidden (under the bar at the bottom, or
 * scrolled away above), and leaves the page still otherwise, so the camera stays in sight.
 */
function useVerdictInView(shownId: number | undefined, outcome: RefObject<HTMLDivElement | null>, dock: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const box = outcome.current;
    if (shownId === undefined || !box) return;
    const top = box.getBoundingClientRect().top;
    const dockTop = dock.current?.getBoundingClientRect().top ?? window.innerHeight;
    // Its scroll margin keeps it clear of the navigation bar.
    if (top < 0 || top > dockTop - HEADLINE_PX) box.scrollIntoView({ block: 'start' });
  }, [shownId, outcome, dock]);
}

function notYetIn(outcome: Outcome | undefined): string[] {
  return outcome?.kind === 'choose' ? outcome.holders.filter((holder) => !holder.isPresent).map((holder) => holder.userId) : [];
}

interface ScanDockProps {
  ref: Ref<HTMLDivElement>;
  shown: ShownOutcome | null;
  mode: Mode;
  chosenCount: number;
  onMode: (mode: Mode) => void;
  onNext: () => void;
  onAdmitChosen: () => void;
}

/** The bar at the bottom of the screen, under the thumb: the verdict's next step, then the ways to check in. */
function ScanDock({ ref, shown, mode, chosenCount, onMode, onNext, onAdmitChosen }: ScanDockProps) {
  return (
    <div ref={ref} className="scan-dock">
      <DockAction shown={shown} mode={mode} chosenCount={chosenCount} onNext={onNext} onAdmitChosen={onAdmitChosen} />
      {/* Buttons that switch the page's work, not links: a group. Held while a ticket is checked. */}
      <div role="group" className="scan-dock__modes" aria-label="Ways to check in">
        {MODES.map(({ mode: each, label }) => (
          <button
            key={each}
            type="button"
            className="scan-dock__mode"
            aria-pressed={mode === each}
            disabled={shown?.outcome.kind === 'looking'}
            onClick={() => onMode(each)}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}

function DockAction({ shown, mode, chosenCount, onNext, onAdmitChosen }: Omit<ScanDockProps, 'onMode' | 'ref'>) {
  const outcome = shown?.outcome;
  if (!outcome || outcome.kind === 'looking') return null;
  if (outcome.kind === 'choose') {
    return (
      <div className="scan-dock__actions">
        <button type="button" className="button button--ghost button--large" onClick={onNext}>
          Cancel
        </button>
        <button type="button" className="button button--primary button--large" disabled={chosenCount === 0} onClick={onAdmitChosen}>
          Check in {chosenCount}
        </button>
      </div>
    );
  }
  return (
    <div className="scan-dock__actions">
      {outcome.kind === 'failed' && outcome.retry && (
        <button type="button" className="button button--ghost button--large" onClick={outcome.retry}>
          Try again
        </button>
      )}
      <button type="button" className="button button--primary button--large" onClick={onNext}>
        {mode === 'camera' ? 'Scan next' : 'Next student'}
      </button>
    </div>
  );
}
