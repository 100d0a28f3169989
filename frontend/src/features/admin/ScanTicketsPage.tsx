import { type Ref, type RefObject, useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CameraScanner } from './CameraScanner';
import { CheckInOutcome } from './CheckInOutcome';
import { StudentSearch, TicketCodeForm } from './ManualCheckIn';
import { type Outcome, type ShownOutcome, useDoorCheckIn } from './use-door-check-in';
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
  const door = useDoorCheckIn();
  const [choice, setChoice] = useState<{ outcomeId: number; userIds: string[] } | null>(null);
  // The camera sees a ticket many times a second: the one just read is not read again until
  // the admin asks for the next, or another ticket comes in front of the camera.
  const lastCode = useRef<string | null>(null);
  const outcome = door.shown?.outcome;
  const outcomeRef = useRef<HTMLDivElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  useVerdictInView(door.shown?.id, outcomeRef, dockRef);
  const busy = outcome?.kind === 'looking' || outcome?.kind === 'choose';

  const read = (code: string) => {
    if (busy || (code === lastCode.current && door.shown)) return;
    lastCode.current = code;
    void door.readTicket(code);
  };
  const next = () => {
    lastCode.current = null;
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
      <div className="scan-page__work">
        {mode === 'camera' && <CameraScanner paused={busy} onCode={read} />}
        {mode === 'code' && <TicketCodeForm busy={busy} onCode={(code) => void door.readTicket(code)} />}
        {mode === 'name' && <StudentSearch busy={busy} onMark={(event, student) => void door.markByName(event, student)} />}
        {/* Announced as it changes; the region stays so that screen readers hear each verdict. */}
        <div ref={outcomeRef} aria-live="polite" className="scan-page__outcome">
          {door.shown && <CheckInOutcome key={door.shown.id} outcome={door.shown.outcome} chosen={chosen} onChosenChange={setChosen} />}
        </div>
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
      <nav className="scan-dock__modes" aria-label="Ways to check in">
        {MODES.map(({ mode: each, label }) => (
          <button key={each} type="button" className="scan-dock__mode" aria-pressed={mode === each} onClick={() => onMode(each)}>
            {label}
          </button>
        ))}
      </nav>
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
      {outcome.kind === 'failed' && (
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
