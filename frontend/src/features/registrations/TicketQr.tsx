import { QRCodeSVG } from 'qrcode.react';
import { Modal } from '../../components/Modal';
import { groupedCode } from '../../lib/grouped-code';
import { useScreenAwake } from '../../lib/use-screen-awake';

// A ticket's pictures, loaded only with a page that shows a ticket, so the QR library (and the
// full-screen view) stay off the home page's script.

interface TicketQrProps {
  code: string;
  /** Names the picture for screen readers: whose ticket, for which event. */
  label: string;
}

/**
 * The ticket's QR code, drawn in the browser. Dark modules on white with the standard four-module
 * quiet zone in either theme: cameras read dark on light, and the margin lets them find the code.
 */
export function TicketQr({ code, label }: TicketQrProps) {
  // Level M survives a scuffed or glaring phone screen and keeps the 22 characters at 25×25 modules.
  return <QRCodeSVG value={code} level="M" marginSize={4} size={256} bgColor="#ffffff" fgColor="#000000" role="img" aria-label={label} className="ticket-qr" />;
}

interface FullScreenTicketProps extends TicketQrProps {
  eventName: string;
  onClose: () => void;
}

/** The ticket as large as the screen allows, on white, with the screen kept awake while it shows. */
export function FullScreenTicket({ code, label, eventName, onClose }: FullScreenTicketProps) {
  useScreenAwake();
  return (
    <Modal title={eventName} onClose={onClose}>
      <div className="ticket-full">
        <div className="ticket__qr">
          <TicketQr code={code} label={label} />
        </div>
        <code className="ticket__code ticket__code--large">{groupedCode(code)}</code>
        <p className="ticket-full__hint">Turn your screen brightness up and hold it steady in front of the scanner.</p>
      </div>
    </Modal>
  );
}
