import { Suspense, useState, type ReactNode } from 'react';
import { lazyComponent } from '../../components/lazy-component';
import { groupedCode } from './ticket-code';

const TicketQr = lazyComponent(async () => (await import('./TicketQr')).TicketQr, QrLoadFailed);
const FullScreenTicket = lazyComponent(async () => (await import('./TicketQr')).FullScreenTicket);

interface TicketProps {
  code: string;
  eventName: string;
  /** The registration waits for the club: the door lets it in only once approved, and the ticket says so. */
  pending?: boolean;
}

/** A registration's ticket: its QR code with the code beside it, and a full-screen view for the door. */
export function Ticket({ code, eventName, pending = false }: TicketProps) {
  const [fullScreen, setFullScreen] = useState(false);
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
        {pending && <strong className="ticket__pending">Not valid until the club approves this registration</strong>}
        <button type="button" className="button button--ghost ticket__expand" onClick={() => setFullScreen(true)}>
          Show full screen
          {/* Each registration has one: the name says whose. */}
          <span className="visually-hidden">: ticket for {eventName}</span>
        </button>
      </div>
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
