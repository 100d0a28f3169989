import { Suspense, useState, type ReactNode } from 'react';
import { lazyComponent } from '../../components/lazy-component';
import { PrintSheet } from '../../components/PrintSheet';
import { groupedCode } from '../../lib/grouped-code';

const TicketQr = lazyComponent(async () => (await import('./TicketQr')).TicketQr, QrLoadFailed);
const FullScreenTicket = lazyComponent(async () => (await import('./TicketQr')).FullScreenTicket);

interface TicketProps {
  code: string;
  eventName: string;
  /** The registration waits for the club: the door lets it in only once approved, and the ticket says so. */
  pending?: boolean;
  /** What the printed ticket says under its code: when, where, whose. */
  details: string[];
}

const PENDING_NOTE = 'Not valid until the club approves this registration';

/** A registration's ticket: its QR code with the code beside it, a full-screen view for the door, and a printed one. */
export function Ticket({ code, eventName, pending = false, details }: TicketProps) {
  const [fullScreen, setFullScreen] = useState(false);
  const [printing, setPrinting] = useState(false);
  const label = `Ticket QR code for ${eventName}`;
  return (
    <section className="ticket" aria-label={`Ticket for ${eventName}`}>
      <div className="ticket__qr">
        <WhileLoading>
          <TicketQr code={code} label={label} />
        </WhileLoading>
      </div>
      <div className="ticket__text">
        <span className="ticket__label">Ticket code</span>
        <code className="ticket__code">{groupedCode(code)}</code>
        {pending && <strong className="ticket__pending">{PENDING_NOTE}</strong>}
        <div className="ticket__actions">
          <button type="button" className="button button--ghost ticket__expand" onClick={() => setFullScreen(true)}>
            Show full screen
            {/* Each registration has one: the name says whose. */}
            <span className="visually-hidden">: ticket for {eventName}</span>
          </button>
          <button
            type="button"
            className="button button--ghost ticket__expand"
            aria-label={`Print the ticket for ${eventName}`}
            onClick={() => setPrinting(true)}
          >
            Print
          </button>
        </div>
      </div>
      {printing && (
        <PrintSheet title={`Ticket: ${eventName}`} onDone={() => setPrinting(false)}>
          <div className="printed-ticket">
            <WhileLoading>
              <TicketQr code={code} label={label} />
            </WhileLoading>
            <div>
              <p className="printed-ticket__code">{groupedCode(code)}</p>
              {pending && <p>{PENDING_NOTE}</p>}
              {details.map((line) => (
                <p key={line}>{line}</p>
              ))}
              <p>Show the QR code, or say the code, at the door.</p>
            </div>
          </div>
        </PrintSheet>
      )}
      {fullScreen && (
        <WhileLoading>
          <FullScreenTicket code={code} label={label} eventName={eventName} onClose={() => setFullScreen(false)} />
        </WhileLoading>
      )}
    </section>
  );
}

/** The QR code's place while its library loads. */
function WhileLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="ticket-qr ticket-qr--placeholder" role="status">
          Loading QR code…
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** The QR code's library did not arrive: the code in text is still there to show. */
function QrLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="ticket-qr ticket-qr--placeholder ticket-qr--failed" role="alert">
      QR code unavailable: show the code instead
      <button type="button" className="button button--ghost button--small" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}
