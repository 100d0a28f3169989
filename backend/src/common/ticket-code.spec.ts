import { newTicketCode, ticketCodeOf } from './ticket-code.js';

describe('ticket codes', () => {
  it('are 16 characters without look-alikes, each new one its own', () => {
    const codes = Array.from({ length: 1000 }, newTicketCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(new Set(codes).size).toBe(1000);
  });

  it('are read whatever the case, spaces and dashes, with O read as 0 and I and L as 1', () => {
    expect(ticketCodeOf('7KQ2 M9XA 4TRB ZC01')).toBe('7KQ2M9XA4TRBZC01');
    expect(ticketCodeOf('7kq2-m9xa-4trb-zcoi')).toBe('7KQ2M9XA4TRBZC01');
    expect(ticketCodeOf('  7kq2m9xa4trbzcol ')).toBe('7KQ2M9XA4TRBZC01');
  });

  it("keep an earlier ticket's 22-character code exactly as issued, and name no ticket for anything else", () => {
    expect(ticketCodeOf('q7Xb0k2_Zr-9LmNpQ4sTuV')).toBe('q7Xb0k2_Zr-9LmNpQ4sTuV');
    expect(ticketCodeOf('q7Xb 0k2_ Zr-9 LmNp Q4sT uV')).toBe('q7Xb0k2_Zr-9LmNpQ4sTuV');
    // Its case is its own: in capitals it is another earlier code, which no ticket has.
    expect(ticketCodeOf('Q7XB0K2_ZR-9LMNPQ4STUV')).toBe('Q7XB0K2_ZR-9LMNPQ4STUV');
    expect(ticketCodeOf('7KQ2M9XA4TRBZC0')).toBeUndefined();
    expect(ticketCodeOf('7KQ2M9XA4TRBZC0U')).toBeUndefined();
    expect(ticketCodeOf('../../admin')).toBeUndefined();
    expect(ticketCodeOf('')).toBeUndefined();
  });
});
